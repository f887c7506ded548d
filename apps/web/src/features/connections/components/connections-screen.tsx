import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { PageHeading } from '../../../components/ui/page-heading';
import { myFriendsQueryOptions, suggestionsQueryOptions } from '../../../lib/connections-api';
import { listedFromEntry, listedFromFriend, MemberRow, type ListedMember } from './member-row';
import { MemberSearch } from './member-search';

/** A titled list of members, or a sentence saying there is nobody in it yet. */
function MemberSection({
  id,
  title,
  empty,
  members,
}: {
  id: string;
  title: string;
  empty: string;
  members: { member: ListedMember; details?: React.ReactNode }[];
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 5 }}>
      <Typography id={id} component="h2" variant="h5" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {members.length === 0 ? (
        <Typography>{empty}</Typography>
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
 * `/{lang}/connections`: requests waiting for the member, their own requests, their connections,
 * people like them, and the member search. Every change reads the lists again, so a member moves
 * to the list that now describes them.
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

  return (
    <>
      <PageHeading>{t('title')}</PageHeading>
      <Typography sx={{ mb: 4 }}>{t('intro')}</Typography>
      <MemberSection
        id="connections-incoming"
        title={t('incoming.title', { count: mine.incoming.length })}
        empty={t('incoming.empty')}
        members={mine.incoming.map((entry) => ({ member: listedFromFriend(entry) }))}
      />
      <MemberSection
        id="connections-outgoing"
        title={t('outgoing.title', { count: mine.outgoing.length })}
        empty={t('outgoing.empty')}
        members={mine.outgoing.map((entry) => ({ member: listedFromFriend(entry) }))}
      />
      <MemberSection
        id="connections-friends"
        title={t('friends.title', { count: mine.friends.length })}
        empty={t('friends.empty')}
        members={mine.friends.map((entry) => ({ member: listedFromFriend(entry) }))}
      />
      <MemberSection
        id="connections-suggestions"
        title={t('suggestions.title')}
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
      />
      <MemberSearch language={language} />
    </>
  );
}
