import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_SEARCH_MAX_LENGTH, type Language } from '@attune/contract';
import { ChoiceField } from '../../../components/forms/choice-field';
import { membersQueryOptions, type MemberFilters } from '../../../lib/connections-api';
import { fieldOptions } from '../../../lib/option-labels';
import {
  countriesQueryOptions,
  profileFieldsQueryOptions,
  speakingLanguagesQueryOptions,
} from '../../../lib/profile-api';
import { listedFromEntry, MemberRow } from './member-row';

const EMPTY_FORM = {
  search: '',
  country: '',
  deviceType: '',
  hearingAidType: '',
  stage: '',
  speakingLanguages: '',
  onlyMentors: false,
};
type SearchForm = typeof EMPTY_FORM;

const toFilters = ({ onlyMentors, ...form }: SearchForm): MemberFilters => ({
  ...Object.fromEntries(Object.entries(form).map(([key, value]) => [key, value.trim()])),
  ...(onlyMentors ? { role: 'mentor' } : {}),
});

/**
 * Find members by name (accents and case do not matter) and by what they share: country, device,
 * hearing-aid type, stage, language, or mentors only. The number found is announced; "Show more"
 * adds the next 20 below, and the focus stays on it.
 */
export function MemberSearch({ language }: { language: Language }) {
  const { t } = useTranslation('connections');
  const { t: tp } = useTranslation('profile');
  const [form, setForm] = useState<SearchForm>(EMPTY_FORM);
  const [filters, setFilters] = useState<MemberFilters | null>(null);
  const fields = useQuery(profileFieldsQueryOptions(language)).data ?? [];
  const countries = useQuery(countriesQueryOptions(language)).data ?? [];
  const languages = useQuery(speakingLanguagesQueryOptions(language)).data ?? [];
  const results = useInfiniteQuery({
    ...membersQueryOptions(filters ?? {}),
    enabled: filters !== null,
  });
  const found = results.data?.pages.flatMap((page) => page.items) ?? [];
  const set = (key: keyof SearchForm) => (value: string) =>
    setForm((old) => ({ ...old, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(toFilters(form));
  };
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
        ? t('failed')
        : results.isPending
          ? t('loading')
          : found.length === 0
            ? t('search.none')
            : t(results.hasNextPage ? 'search.foundMore' : 'search.found', { count: found.length });

  return (
    <Box component="section" aria-labelledby="connections-search" sx={{ mb: 5 }}>
      <Typography id="connections-search" component="h2" variant="h5" sx={{ mb: 2 }}>
        {t('search.title')}
      </Typography>
      <Box
        component="form"
        role="search"
        aria-labelledby="connections-search"
        onSubmit={submit}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 3 }}
      >
        <TextField
          id="member-search-name"
          label={t('search.name')}
          helperText={t('search.nameHint')}
          value={form.search}
          onChange={(event) => set('search')(event.target.value)}
          slotProps={{ htmlInput: { maxLength: MEMBER_SEARCH_MAX_LENGTH } }}
          fullWidth
        />
        <ChoiceField
          id="member-search-country"
          label={tp('fields.country')}
          value={form.country}
          options={countries.map((country) => ({ value: country.code, label: country.name }))}
          emptyLabel={t('search.any')}
          onChange={set('country')}
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
        <FormControlLabel
          control={
            <Checkbox
              checked={form.onlyMentors}
              onChange={(event) =>
                setForm((old) => ({ ...old, onlyMentors: event.target.checked }))
              }
            />
          }
          label={t('search.onlyMentors')}
        />
        <Box>
          <Button type="submit" variant="contained">
            {t('search.submit')}
          </Button>
        </Box>
      </Box>
      <Typography role="status" aria-live="polite" sx={{ mb: 1, fontWeight: 600 }}>
        {status}
      </Typography>
      {found.length > 0 ? (
        <Box component="ul" aria-label={t('search.results')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {found.map((entry) => (
            <MemberRow key={entry.id} member={listedFromEntry(entry)} />
          ))}
        </Box>
      ) : null}
      {results.hasNextPage ? (
        <Button
          sx={{ mt: 2 }}
          variant="outlined"
          aria-disabled={results.isFetchingNextPage}
          onClick={() => {
            if (!results.isFetchingNextPage) void results.fetchNextPage();
          }}
        >
          {t('search.more')}
        </Button>
      ) : null}
    </Box>
  );
}
