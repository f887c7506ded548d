import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_SEARCH_MAX_LENGTH, ROLES, type Language } from '@attune/contract';
import { ChoiceField } from '../../../components/forms/choice-field';
import { useRoleLabel } from '../../../hooks/use-role-label';
import { membersQueryOptions, type MemberFilters } from '../../../lib/api/connections';
import { errorText } from '../../../lib/error-text';
import { fieldOptions } from '../../../lib/option-labels';
import {
  countriesQueryOptions,
  profileFieldsQueryOptions,
  regionsQueryOptions,
  speakingLanguagesQueryOptions,
} from '../../../lib/api/profile';
import { listedFromEntry, MemberRow } from '../../../components/connections/member-row';

/** Id of the search's heading: the "On this page" link's target. */
export const MEMBER_SEARCH_HEADING_ID = 'connections-search';

const EMPTY_FORM = {
  search: '',
  country: '',
  region: '',
  deviceType: '',
  hearingAidType: '',
  stage: '',
  speakingLanguages: '',
  interests: '',
  role: '',
};
type SearchForm = typeof EMPTY_FORM;

const toFilters = (form: SearchForm): MemberFilters =>
  Object.fromEntries(Object.entries(form).map(([key, value]) => [key, value.trim()]));

/**
 * Find members by name (accents and case do not matter) and by what they share: country and
 * region, device, hearing-aid type, stage, language, an interest, or a role (mentors, say). The
 * number found is announced; "Show more" adds the next 20 below, and the focus stays on it (or,
 * after the last page, goes to the first member it added). "Clear filters" empties the form and
 * the results and puts the focus back in the name field.
 */
export function MemberSearch({ language }: { language: Language }) {
  const { t } = useTranslation('connections');
  const { t: tp } = useTranslation('profile');
  const [form, setForm] = useState<SearchForm>(EMPTY_FORM);
  const [filters, setFilters] = useState<MemberFilters | null>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const resultList = useRef<HTMLUListElement>(null);
  /** How many members were shown when "Show more" was pressed, until its page has come. */
  const shownBefore = useRef<number | null>(null);
  const fields = useQuery(profileFieldsQueryOptions(language)).data ?? [];
  const countries = useQuery(countriesQueryOptions(language)).data ?? [];
  const regions = useQuery(regionsQueryOptions(form.country));
  const languages = useQuery(speakingLanguagesQueryOptions(language)).data ?? [];
  const results = useInfiniteQuery({
    ...membersQueryOptions(filters ?? {}),
    enabled: filters !== null,
  });
  const found = filters === null ? [] : (results.data?.pages.flatMap((page) => page.items) ?? []);
  const roleLabel = useRoleLabel();
  const set = (key: keyof SearchForm) => (value: string) =>
    setForm((old) => ({ ...old, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(toFilters(form));
  };
  const clear = () => {
    setForm(EMPTY_FORM);
    setFilters(null);
    nameField.current?.focus();
  };
  const showMore = () => {
    if (results.isFetchingNextPage) return;
    shownBefore.current = found.length;
    void results.fetchNextPage();
  };
  // The button goes away with the last page: the focus goes on to the first member that page
  // added, instead of falling back to the top of the page.
  const { hasNextPage, isFetchingNextPage } = results;
  useEffect(() => {
    const shown = shownBefore.current;
    if (shown === null || isFetchingNextPage) return;
    shownBefore.current = null;
    if (!hasNextPage)
      resultList.current?.querySelectorAll('li')[shown]?.querySelector('a')?.focus();
  }, [found.length, hasNextPage, isFetchingNextPage]);
  const choice = (key: 'deviceType' | 'hearingAidType' | 'stage', fieldName: string) => (
    <ChoiceField
      id={`member-search-${key}`}
      label={tp(`fields.${key}`)}
      value={form[key]}
      options={fieldOptions(fields, fieldName)}
      emptyLabel={t('search.any')}
      onChange={set(key)}
    />
  );
  const status =
    filters === null
      ? ''
      : results.isError
        ? // What the server refused, in the member's language (a cursor it no longer accepts, say);
          // no answer or a fault of the server: the general text.
          errorText(results.error, t('failed'))
        : results.isPending
          ? t('loading')
          : found.length === 0
            ? t('search.none')
            : t(results.hasNextPage ? 'search.foundMore' : 'search.found', { count: found.length });

  return (
    <Box component="section" aria-labelledby={MEMBER_SEARCH_HEADING_ID} sx={{ mb: 5 }}>
      <Typography
        id={MEMBER_SEARCH_HEADING_ID}
        component="h2"
        variant="h5"
        tabIndex={-1}
        sx={{ mb: 2 }}
      >
        {t('search.title')}
      </Typography>
      <Box
        component="form"
        role="search"
        aria-labelledby={MEMBER_SEARCH_HEADING_ID}
        onSubmit={submit}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 3 }}
      >
        <TextField
          id="member-search-name"
          label={t('search.name')}
          helperText={t('search.nameHint')}
          value={form.search}
          onChange={(event) => set('search')(event.target.value)}
          inputRef={nameField}
          slotProps={{ htmlInput: { maxLength: MEMBER_SEARCH_MAX_LENGTH } }}
          fullWidth
        />
        <ChoiceField
          id="member-search-country"
          label={tp('fields.country')}
          value={form.country}
          options={countries.map((country) => ({ value: country.code, label: country.name }))}
          emptyLabel={t('search.any')}
          // A region belongs to one country: a new country starts without one.
          onChange={(country) => setForm((old) => ({ ...old, country, region: '' }))}
        />
        <ChoiceField
          id="member-search-region"
          label={tp('fields.region')}
          value={form.region}
          // By name: profiles hold regions by name (the settings page and the demo data), and the
          // directory compares the stored value exactly.
          options={(regions.data ?? []).map((region) => ({
            value: region.name,
            label: region.name,
          }))}
          // Not disabled without a country: a disabled field is hard to read; its text says why.
          emptyLabel={form.country ? t('search.any') : tp('place.chooseCountryFirst')}
          helperText={regions.isError ? tp('errors.regions') : undefined}
          onChange={set('region')}
        />
        {choice('deviceType', 'device type')}
        {choice('hearingAidType', 'hearing aid type')}
        {choice('stage', 'stage')}
        <ChoiceField
          id="member-search-language"
          label={t('search.language')}
          value={form.speakingLanguages}
          options={languages.map((one) => ({ value: one.code, label: one.name }))}
          emptyLabel={t('search.any')}
          onChange={set('speakingLanguages')}
        />
        {/* One interest, like one language: a single select is one stop for the keyboard and
            reads plainly ("members who like music"); twelve checkboxes would lengthen the form. */}
        <ChoiceField
          id="member-search-interests"
          label={tp('fields.interests')}
          value={form.interests}
          options={fieldOptions(fields, 'interests')}
          emptyLabel={t('search.any')}
          onChange={set('interests')}
        />
        {/* Every role of spec §6 by its badge's label, in the badges' order of priority: most
            look for mentors, and staff are found the same way. */}
        <ChoiceField
          id="member-search-role"
          label={t('search.role')}
          value={form.role}
          options={ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
          emptyLabel={t('search.any')}
          onChange={set('role')}
        />
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <Button type="submit" variant="contained">
            {t('search.submit')}
          </Button>
          <Button type="button" variant="outlined" onClick={clear}>
            {t('search.clear')}
          </Button>
        </Box>
      </Box>
      <Typography role="status" aria-live="polite" sx={{ mb: 1, fontWeight: 600 }}>
        {status}
      </Typography>
      {found.length > 0 ? (
        <Box
          component="ul"
          ref={resultList}
          aria-label={t('search.results')}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {found.map((entry) => (
            <MemberRow key={entry.id} member={listedFromEntry(entry)} />
          ))}
        </Box>
      ) : null}
      {filters !== null && results.hasNextPage ? (
        <Button
          sx={{ mt: 2 }}
          variant="outlined"
          aria-disabled={results.isFetchingNextPage}
          onClick={showMore}
        >
          {t('search.more')}
        </Button>
      ) : null}
    </Box>
  );
}
