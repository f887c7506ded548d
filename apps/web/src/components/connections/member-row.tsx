import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { FriendListing, MemberListEntry } from '@attune/contract';
import { useTranslation } from 'react-i18next';
import { connectionState } from '../../lib/connection-state';
import { ConnectButton } from './connect-button';
import { MessageLink } from './message-link';
import { RoleBadge } from '../ui/role-badge';
import { TextLink } from '../ui/button-link';
import { useLanguage } from '../../hooks/use-language';
import { profileAddress } from '../../lib/display-name';

export interface ListedMember {
  databaseId: number;
  /** The profile address: display name, or username while the member has none. */
  address: string;
  avatarUrl: string | null;
  roles: readonly string[];
  headline: string;
  isFriend: number;
}

/** A member of `my-friends` (friend listing, spec §3) as a row shows them. */
export const listedFromFriend = (entry: FriendListing): ListedMember => ({
  databaseId: entry.databaseId,
  address: profileAddress(entry),
  avatarUrl: entry.avatar.url,
  roles: entry.roles,
  headline: entry.headline,
  isFriend: entry.isFriend,
});

/** A member-list entry (spec §3: directory, suggestions) as a row shows them. */
export const listedFromEntry = (entry: MemberListEntry): ListedMember => ({
  databaseId: entry.id,
  address: entry.nickname,
  avatarUrl: entry.avatarUrl,
  roles: entry.roles,
  headline: entry.headline,
  isFriend: entry.isFriend,
});

/**
 * One member in a list: picture, name linking to their profile, role badge, headline, anything
 * the list adds (why they are suggested, their place in a group), and what the viewer can do
 * about the connection, with "Send a message" for a connection (neither shown for the viewer
 * themselves: `connect={false}`).
 */
export function MemberRow({
  member,
  details,
  connect = true,
}: {
  member: ListedMember;
  details?: ReactNode;
  connect?: boolean;
}) {
  const { t } = useTranslation('profile');
  const language = useLanguage();
  const name = member.address;
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: 'flex-start',
        flexWrap: 'wrap',
        py: 2,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Avatar src={member.avatarUrl ?? undefined} alt={t('profile.avatarAlt', { name })}>
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Typography component="h3" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 0.5 }}>
          <TextLink to="/$lang/profile/$nickname" params={{ lang: language, nickname: name }}>
            {name}
          </TextLink>
        </Typography>
        <RoleBadge roles={member.roles} />
        {member.headline ? <Typography sx={{ mt: 1 }}>{member.headline}</Typography> : null}
        {details}
      </Box>
      {connect ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <ConnectButton memberId={member.databaseId} name={name} isFriend={member.isFriend} />
          {connectionState(member.isFriend) === 'connected' ? (
            <MessageLink memberId={member.databaseId} name={name} />
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
