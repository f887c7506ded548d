import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { PageHeading } from '../../../components/ui/page-heading';
import { myFriendsQueryOptions, suggestionsQueryOptions } from '../../../lib/api/connections';
import {
  listedFromEntry,
  listedFromFriend,
  MemberRow,
  type ListedMember,
} from '../../../components/connections/member-row';
import { MEMBER_SEARCH_HEADING_ID, MemberSearch } from './member-search';

/**
 * A titled list of members, or a sentence saying there is nobody in it yet. A list read on its
 * own (`announced`) says in a polite live region that it is loading and whether that failed, with
 * `retry` as a button beside the failure.
 */
function MemberSection({
  id,
  title,
  empty,
  members,
  announced = false,
  retry,
}: {
  id: string;
  title: string;
  empty: string;
  members: { member: ListedMember; details?: React.ReactNode }[];
  announced?: boolean;
  retry?: { label: string; onClick: () => void };
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 5 }}>
      {/* Focusable by script only: the "On this page" link moves the focus here. */}
      <Typography id={id} component="h2" variant="h5" tabIndex={-1} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {members.length === 0 ? (
        <>
          <Typography {...(announced ? { role: 'status', 'aria-live': 'polite' as const } : {})}>
            {empty}
          </Typography>
          {retry ? (
            <Button variant="outlined" sx={{ mt: 1 }} onClick={retry.onClick}>
              {retry.label}
            </Button>
          ) : null}
        </>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {members.map(({ member, details }) => (
            <MemberRow key={member.databaseId} member={member} details={details} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * "On this page": a link to each section's heading, so the keyboard reaches the search in a few
 * steps instead of passing every member's buttons. Activating a link moves the focus to the
 * heading itself (not only the scroll position), so the next Tab continues from there and a
 * screen reader reads where the member arrived.
 */
function JumpList({ targets }: { targets: { id: string; title: string }[] }) {
  const { t } = useTranslation('connections');
  const go = (event: React.MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <Box component="nav" aria-labelledby="connections-jump" sx={{ mb: 5 }}>
      <Typography id="connections-jump" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('jump.label')}
      </Typography>
      <Box
        component="ul"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', columnGap: 3 }}
      >
        {targets.map(({ id, title }) => (
          <li key={id}>
            <Link
              href={`#${id}`}
              onClick={(event) => go(event, id)}
              sx={{ display: 'inline-block', py: 1 }}
            >
              {title}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * `/{lang}/connections`: requests waiting for the member, their own requests, their connections,
 * people like them, and the member search, with "On this page" links to each after the intro.
 * Every change reads the lists again, so a member moves to the list that now describes them.
 */
export function ConnectionsScreen({ language }: { language: Language }) {
  const { t } = useTranslation('connections');
  const { data: mine } = useSuspenseQuery(myFriendsQueryOptions());
  const suggestions = useQuery(suggestionsQueryOptions());
  const shared = (keys: readonly string[]) =>
    keys.length > 0 ? (
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>
        {t('suggestions.shared', {
          what: keys
            .map((key) => t(`suggestions.reasons.${key}` as 'suggestions.reasons.country'))
            .join(t('listSeparator')),
        })}
      </Typography>
    ) : null;

  const titles = {
    incoming: t('incoming.title', { count: mine.incoming.length }),
    outgoing: t('outgoing.title', { count: mine.outgoing.length }),
    friends: t('friends.title', { count: mine.friends.length }),
    suggestions: t('suggestions.title'),
    search: t('search.title'),
  };

  // The search stays last, after the jump list: requests waiting for the member's answer come
  // first, as members expect when they come back to this page (mostly to answer and to see who
  // they are connected with); moving a long form above them would push what is new out of sight.
  // The jump list gets the keyboard to the search in a few steps instead.
  return (
    <>
      <PageHeading>{t('title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('intro')}</Typography>
      <JumpList
        targets={[
          { id: 'connections-incoming', title: titles.incoming },
          { id: 'connections-outgoing', title: titles.outgoing },
          { id: 'connections-friends', title: titles.friends },
          { id: 'connections-suggestions', title: titles.suggestions },
          { id: MEMBER_SEARCH_HEADING_ID, title: titles.search },
        ]}
      />
      <MemberSection
        id="connections-incoming"
        title={titles.incoming}
        empty={t('incoming.empty')}
        members={mine.incoming.map((entry) => ({ member: listedFromFriend(entry) }))}
      />
      <MemberSection
        id="connections-outgoing"
        title={titles.outgoing}
        empty={t('outgoing.empty')}
        members={mine.outgoing.map((entry) => ({ member: listedFromFriend(entry) }))}
      />
      <MemberSection
        id="connections-friends"
        title={titles.friends}
        empty={t('friends.empty')}
        members={mine.friends.map((entry) => ({ member: listedFromFriend(entry) }))}
      />
      <MemberSection
        id="connections-suggestions"
        title={titles.suggestions}
        empty={
          suggestions.isError
            ? t('failed')
            : suggestions.isPending
              ? t('loading')
              : t('suggestions.empty')
        }
        members={(suggestions.data?.items ?? []).map((entry) => ({
          member: listedFromEntry(entry),
          details: shared(entry.shared),
        }))}
        announced
        retry={
          suggestions.isError && !suggestions.isFetching
            ? { label: t('suggestions.retry'), onClick: () => void suggestions.refetch() }
            : undefined
        }
      />
      <MemberSearch language={language} />
    </>
  );
}
