import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGE_LOCALES,
  StaffMembersQuery,
  mayStaffAnywhere,
  type Language,
  type StaffMemberEntry,
} from '@attune/contract';
import { FormAlert } from '../../../components/ui/form-alert';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useShowMore } from '../../../hooks/use-show-more';
import { formatLongDate } from '../../../lib/dates';
import { errorText } from '../../../lib/error-text';
import { areasQueryOptions, countriesQueryOptions } from '../../../lib/api/profile';
import { saveBlob } from '../../../lib/save-blob';
import {
  exportMembers,
  membersExportFileName,
  setMemberRole,
  setMemberSuspension,
  staffKeys,
  staffMembersQueryOptions,
  type StaffMemberFilters,
  type StaffMembersData,
} from '../../../lib/api/staff';
import { memberName } from '../lib/format';
import { settableRoles, type SettableRole } from '../lib/roles';
import { DetailRows } from './detail-rows';
import { ListStatus, listStatusText } from './list-status';
import { StaffSection } from './staff-section';
import { HiddenContext } from './hidden-context';

/** The roles the list filters by, as the contract's query takes them. */
const FILTER_ROLES = StaffMembersQuery.shape.role.unwrap().options;
const SEARCH_MAX_LENGTH = 100;

export interface MemberListSectionProps {
  language: Language;
  /** The viewer's roles: which role buttons they get. */
  roles: readonly string[];
  viewerId: number;
  /** Whether the viewer may download the list as a file (`export_members`). */
  mayExport: boolean;
  /** Whether the viewer may look at any area, or all of them at once (super_admin). */
  mayChooseArea: boolean;
}

/**
 * The members of the viewer's area (any area, for super_admin): a search by name or address and
 * filters by role and country, the list page by page, role buttons on each member, and the same
 * list as a CSV file (never a health field). Role changes are confirmed politely; the focus stays
 * on the button, whose words then say the opposite.
 */
export function MemberListSection({
  language,
  roles,
  viewerId,
  mayExport,
  mayChooseArea,
}: MemberListSectionProps) {
  const { t } = useTranslation('staff');
  const id = useId();
  const queryClient = useQueryClient();
  const list = useRef<HTMLUListElement>(null);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<StaffMemberFilters['role']>('');
  const [country, setCountry] = useState('');
  const [area, setArea] = useState('');
  const [news, setNews] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const filters: StaffMemberFilters = {
    area,
    role,
    country,
    search: useDebouncedValue(search).trim(),
  };
  const countries = useQuery(countriesQueryOptions(language));
  const areas = useQuery({ ...areasQueryOptions(language), enabled: mayChooseArea });
  const members = useInfiniteQuery({
    ...staffMembersQueryOptions(filters),
    // The old list stays while the next one loads, so the page does not jump.
    placeholderData: keepPreviousData,
  });
  const items = members.data?.pages.flatMap((page) => page.members) ?? [];
  const showMore = useShowMore(members, list, items.length);
  const buttons = settableRoles(roles);
  const countryName = (code: string | null) =>
    code
      ? (countries.data?.find((one) => one.code === code)?.name ?? code)
      : t('members.item.none');
  const areaName = (value: string) =>
    areas.data?.find((one) => one.value === value)?.label ?? value;
  const listFormat = new Intl.ListFormat(LANGUAGE_LOCALES[language], { type: 'conjunction' });

  const changeRole = useMutation({
    mutationFn: ({
      member,
      role: changed,
      granted,
    }: {
      member: StaffMemberEntry;
      role: SettableRole;
      granted: boolean;
    }) => setMemberRole(member.id, { role: changed, granted }),
    onMutate: () => {
      setNews(null);
      setFailure(null);
    },
    onSuccess: (answer, { member, role: changed, granted }) => {
      updateMember(answer.id, { roles: answer.roles });
      setNews(
        t(`members.roleDone.${granted ? 'granted' : 'removed'}`, {
          name: memberName(member),
          role: t(`roles.${changed}`),
        }),
      );
    },
    onError: (error) => setFailure(errorText(error, t('members.roleFailed'))),
  });

  /** Puts a member's new standing into every cached page of the list. */
  const updateMember = (memberId: number, change: Partial<StaffMemberEntry>) =>
    queryClient.setQueriesData<StaffMembersData>({ queryKey: staffKeys.memberLists() }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              members: page.members.map((one) =>
                one.id === memberId ? { ...one, ...change } : one,
              ),
            })),
          }
        : data,
    );

  // Suspending happens from a report (with its confirmation); lifting it happens here.
  const mayLiftSuspension = mayStaffAnywhere('suspend_member', roles);
  const liftSuspension = useMutation({
    mutationFn: (member: StaffMemberEntry) => setMemberSuspension(member.id, { suspended: false }),
    onMutate: () => {
      setNews(null);
      setFailure(null);
    },
    onSuccess: (_answer, member) => {
      updateMember(member.id, { suspended: false });
      setNews(t('members.suspension.lifted', { name: memberName(member) }));
    },
    onError: (error) => setFailure(errorText(error, t('members.suspension.failed'))),
  });

  const handleExport = async () => {
    if (exporting) return;
    setExporting(true);
    setNews(null);
    setFailure(null);
    try {
      const file = await exportMembers(filters);
      saveBlob(file, membersExportFileName(filters.area || 'my-area'));
      setNews(t('members.export.done'));
    } catch (error) {
      setFailure(errorText(error, t('members.export.failed')));
    } finally {
      setExporting(false);
    }
  };

  const statusText = listStatusText(members, items.length, {
    loading: t('members.list.loading'),
    failed: t('members.list.failed'),
    empty: t('members.list.empty'),
    found: (count, more) => t(more ? 'members.list.foundMore' : 'members.list.found', { count }),
  });

  return (
    <StaffSection
      id={`${id}-title`}
      title={t('members.list.title')}
      intro={t('members.list.intro')}
    >
      <Box
        role="search"
        aria-label={t('members.list.filters')}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          gap: 2,
          mb: 3,
        }}
      >
        <TextField
          id={`${id}-search`}
          type="search"
          label={t('members.list.search')}
          helperText={t('members.list.searchHint')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ gridColumn: { sm: '1 / -1' } }}
          slotProps={{
            htmlInput: { maxLength: SEARCH_MAX_LENGTH },
            formHelperText: { sx: { mx: 0, fontSize: '1rem' } },
          }}
        />
        <TextField
          select
          id={`${id}-role`}
          label={t('members.list.role')}
          value={role}
          onChange={(event) => setRole(event.target.value as StaffMemberFilters['role'])}
          slotProps={{ select: { native: true } }}
        >
          <option value="">{t('members.list.anyRole')}</option>
          {FILTER_ROLES.map((value) => (
            <option key={value} value={value}>
              {t(`roles.${value}`)}
            </option>
          ))}
        </TextField>
        <TextField
          select
          id={`${id}-country`}
          label={t('members.list.country')}
          value={country}
          onChange={(event) => setCountry(event.target.value)}
          slotProps={{ select: { native: true } }}
        >
          <option value="">{t('members.list.anyCountry')}</option>
          {(countries.data ?? []).map((one) => (
            <option key={one.code} value={one.code}>
              {one.name}
            </option>
          ))}
        </TextField>
        {mayChooseArea ? (
          <TextField
            select
            id={`${id}-area`}
            label={t('members.list.area')}
            value={area}
            onChange={(event) => setArea(event.target.value)}
            slotProps={{ select: { native: true } }}
          >
            <option value="">{t('members.list.myArea')}</option>
            <option value="all">{t('members.list.allAreas')}</option>
            {(areas.data ?? []).map((one) => (
              <option key={one.value} value={one.value}>
                {one.label}
              </option>
            ))}
          </TextField>
        ) : null}
      </Box>
      {mayExport ? (
        <Box sx={{ mb: 3 }}>
          <Button variant="outlined" aria-busy={exporting} onClick={() => void handleExport()}>
            {exporting ? t('members.export.pending') : t('members.export.button')}
          </Button>
          <Typography sx={{ mt: 1, color: 'text.secondary' }}>
            {t('members.export.hint')}
          </Typography>
        </Box>
      ) : null}
      <FormAlert severity="success">{news}</FormAlert>
      <FormAlert severity="error">{failure}</FormAlert>
      <ListStatus text={statusText} failed={members.isError} />
      {items.length > 0 ? (
        <Box component="ul" ref={list} sx={{ p: 0, m: 0 }}>
          {items.map((member) => {
            const name = memberName(member);
            const headingId = `${id}-member-${member.id}`;
            return (
              <Paper
                component="li"
                variant="outlined"
                key={member.id}
                sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: 2, listStyle: 'none' }}
              >
                <Box component="article" aria-labelledby={headingId}>
                  <Typography
                    component="h3"
                    variant="h3"
                    id={headingId}
                    sx={{ mb: 1.5, overflowWrap: 'anywhere' }}
                  >
                    {name}
                    {member.suspended ? ` (${t('members.item.suspended')})` : null}
                  </Typography>
                  <DetailRows
                    rows={[
                      member.name.trim() && member.name.trim() !== name
                        ? { label: t('members.item.name'), value: member.name }
                        : null,
                      {
                        label: t('members.item.email'),
                        value: <MuiLink href={`mailto:${member.email}`}>{member.email}</MuiLink>,
                      },
                      {
                        label: t('members.item.roles'),
                        value: listFormat.format(
                          (member.roles.length ? member.roles : ['member']).map((one) =>
                            t(`roles.${one}` as 'roles.member', { defaultValue: one }),
                          ),
                        ),
                      },
                      { label: t('members.item.area'), value: areaName(member.area) },
                      { label: t('members.item.country'), value: countryName(member.country) },
                      { label: t('members.item.language'), value: t(`languages.${member.locale}`) },
                      {
                        label: t('members.item.registered'),
                        value: (
                          <time dateTime={member.registeredAt}>
                            {formatLongDate(member.registeredAt, language)}
                          </time>
                        ),
                      },
                      {
                        label: t('members.item.lastActive'),
                        value: member.lastActivityAt ? (
                          <time dateTime={member.lastActivityAt}>
                            {formatLongDate(member.lastActivityAt, language)}
                          </time>
                        ) : (
                          t('members.item.never')
                        ),
                      },
                    ]}
                  />
                  {member.id !== viewerId &&
                  (buttons.length > 0 || (member.suspended && mayLiftSuspension)) ? (
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 2 }}>
                      {member.suspended && mayLiftSuspension ? (
                        <Button
                          variant="outlined"
                          aria-disabled={liftSuspension.isPending}
                          onClick={() => !liftSuspension.isPending && liftSuspension.mutate(member)}
                        >
                          {t('members.suspension.lift')}
                          <HiddenContext>{name}</HiddenContext>
                        </Button>
                      ) : null}
                      {buttons.map((button) => {
                        const has = member.roles.includes(button);
                        return (
                          <Button
                            key={button}
                            variant="outlined"
                            aria-disabled={changeRole.isPending}
                            onClick={() =>
                              !changeRole.isPending &&
                              changeRole.mutate({ member, role: button, granted: !has })
                            }
                          >
                            {t(`members.roleButtons.${button}.${has ? 'remove' : 'grant'}`)}
                            <HiddenContext>{name}</HiddenContext>
                          </Button>
                        );
                      })}
                    </Box>
                  ) : null}
                </Box>
              </Paper>
            );
          })}
        </Box>
      ) : null}
      {members.hasNextPage ? (
        <Button variant="outlined" aria-disabled={members.isFetchingNextPage} onClick={showMore}>
          {t('list.more')}
        </Button>
      ) : null}
    </StaffSection>
  );
}
