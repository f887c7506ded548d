import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MEMBER_SEARCH_MAX_LENGTH, type GroupOutput, type Language } from '@attune/contract';
import { listedFromEntry, MemberRow } from '../../../components/connections/member-row';
import { TextLink } from '../../../components/ui/button-link';
import { PageHeading } from '../../../components/ui/page-heading';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useShowMore } from '../../../hooks/use-show-more';
import { groupMembersQueryOptions, groupQueryOptions } from '../../../lib/api/groups';
import { ApiError } from '../../../lib/rest-client';
import { GroupAdminAction } from './group-admin-action';
import { GroupNotFound } from './group-not-found';

/**
 * `/{lang}/groups/{group}/members`: who is in the group (the directory's member rows, with what
 * the viewer can do about a connection), its admins labelled; search by name as the member
 * pauses typing; "Show more" for the next page. Who may choose the group's admins makes a member
 * admin or an admin a member again on each row. The route check let in only who may read it.
 */
export function GroupMembersScreen({
  language,
  groupRef,
  viewerId,
}: {
  language: Language;
  groupRef: string;
  /** The signed-in member's id: their own row offers no connection. */
  viewerId: number;
}) {
  const { data: group } = useSuspenseQuery(groupQueryOptions(groupRef));
  if (!group) return <GroupNotFound language={language} />;
  return <GroupMembers group={group} language={language} viewerId={viewerId} />;
}

function GroupMembers({
  group,
  language,
  viewerId,
}: {
  group: GroupOutput;
  language: Language;
  viewerId: number;
}) {
  const { t } = useTranslation('groups');
  const id = useId();
  const [search, setSearch] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const term = useDebouncedValue(search).trim();
  const members = useInfiniteQuery({
    ...groupMembersQueryOptions(group.id, term ? { search: term } : {}),
    placeholderData: keepPreviousData,
  });
  const items = members.data?.pages.flatMap((page) => page.items) ?? [];
  const showMore = useShowMore(members, list, items.length);
  const membersOnly =
    members.error instanceof ApiError && members.error.code === 'group_members_only';

  const status = members.isPending
    ? t('members.loading')
    : members.isError
      ? membersOnly
        ? t('members.membersOnly')
        : t('members.failed')
      : items.length === 0
        ? term
          ? t('members.noneSearch', { search: term })
          : t('members.empty')
        : t(members.hasNextPage ? 'members.foundMore' : 'members.found', { count: items.length });

  return (
    <>
      <PageHeading>{t('members.title', { name: group.name })}</PageHeading>
      <Typography sx={{ mb: 3 }}>
        <TextLink to="/$lang/groups/$group" params={{ lang: language, group: group.slug }}>
          {t('members.back', { name: group.name })}
        </TextLink>
      </Typography>
      <Box role="search" aria-label={t('members.searchRegion')} sx={{ mb: 3 }}>
        <TextField
          id={`${id}-search`}
          type="search"
          label={t('members.searchLabel')}
          helperText={t('members.searchHint')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{ htmlInput: { maxLength: MEMBER_SEARCH_MAX_LENGTH } }}
          sx={{ width: '100%', maxWidth: 480 }}
        />
      </Box>
      <Box component="section" aria-labelledby={`${id}-list`}>
        <Typography
          ref={heading}
          id={`${id}-list`}
          component="h2"
          variant="h5"
          tabIndex={-1}
          sx={{ mb: 1 }}
        >
          {t('members.listHeading', { count: group.memberCount })}
        </Typography>
        <Typography
          role="status"
          aria-live="polite"
          sx={{ fontWeight: 600, mb: 1, ...(members.isError ? { color: 'error.main' } : {}) }}
        >
          {status}
        </Typography>
        {items.length > 0 ? (
          <Box component="ul" ref={list} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {items.map((entry) => (
              <MemberRow
                key={entry.id}
                member={listedFromEntry(entry)}
                connect={entry.id !== viewerId}
                details={
                  <>
                    {entry.groupRole === 'admin' ? (
                      <Typography
                        component="span"
                        sx={{
                          display: 'inline-block',
                          mt: 1,
                          px: 1,
                          py: 0.25,
                          border: 1,
                          borderColor: 'primary.main',
                          borderRadius: 1,
                          fontWeight: 600,
                        }}
                      >
                        {t('members.admin')}
                      </Typography>
                    ) : null}
                    {group.may.appointAdmins ? (
                      <GroupAdminAction
                        group={group}
                        member={entry}
                        isSelf={entry.id === viewerId}
                        // Stepping down takes the buttons away: the focus waits at the list.
                        onAccessLost={() => heading.current?.focus()}
                      />
                    ) : null}
                  </>
                }
              />
            ))}
          </Box>
        ) : null}
        {members.hasNextPage ? (
          <Button
            variant="outlined"
            sx={{ mt: 3 }}
            aria-disabled={members.isFetchingNextPage}
            onClick={showMore}
          >
            {t('members.more')}
          </Button>
        ) : null}
      </Box>
    </>
  );
}
