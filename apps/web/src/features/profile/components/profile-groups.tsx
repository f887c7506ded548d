import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { GroupSummary, Language } from '@attune/contract';
import { GroupStatusLabel } from '../../../components/groups/group-status';
import { TextLink } from '../../../components/ui/button-link';

export interface ProfileGroupsProps {
  /** The member's groups the viewer may know of. */
  groups: readonly GroupSummary[];
  /** The groups the viewer and the member are both in (not shown on one's own profile). */
  similarGroups: readonly GroupSummary[];
  isOwn: boolean;
  language: Language;
}

const listSx = { listStyle: 'none', p: 0, m: 0 } as const;

const groupLink = (group: GroupSummary, language: Language) => (
  <TextLink
    to="/$lang/groups/$group"
    params={{ lang: language, group: group.slug }}
    sx={{ fontWeight: 600, fontSize: '1.125rem' }}
  >
    {group.name}
  </TextLink>
);

/**
 * A profile's "Groups": each group as a link to its page with its status in words and its member
 * count; on another member's profile the groups the viewer shares with them; when there are none,
 * a plain sentence (on one's own profile with a way to find a group).
 */
export function ProfileGroups({ groups, similarGroups, isOwn, language }: ProfileGroupsProps) {
  const { t } = useTranslation('profile');
  const shared = isOwn ? [] : similarGroups;
  return (
    <Box component="section" aria-labelledby="profile-groups" sx={{ mb: 4 }}>
      <Typography variant="h2" id="profile-groups" sx={{ mb: 1.5 }}>
        {t('profile.groupList.heading')}
      </Typography>
      {groups.length > 0 ? (
        <Box component="ul" sx={listSx}>
          {groups.map((group) => (
            <Box
              component="li"
              key={group.id}
              sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}
            >
              {groupLink(group, language)}
              <Box
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  columnGap: 2,
                  rowGap: 0.5,
                  mt: 0.5,
                }}
              >
                <GroupStatusLabel status={group.status} />
                <Typography component="span">
                  {t('profile.groupList.members', { count: group.memberCount })}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      ) : isOwn ? (
        <>
          <Typography sx={{ mb: 1 }}>{t('profile.groupList.emptyOwn')}</Typography>
          <TextLink to="/$lang/groups" params={{ lang: language }}>
            {t('profile.groupList.find')}
          </TextLink>
        </>
      ) : (
        <Typography>{t('profile.groupList.empty')}</Typography>
      )}
      {shared.length > 0 ? (
        <>
          <Typography id="profile-groups-shared" component="h3" variant="h6" sx={{ mt: 3, mb: 1 }}>
            {t('profile.groupList.shared')}
          </Typography>
          <Box component="ul" aria-labelledby="profile-groups-shared" sx={listSx}>
            {shared.map((group) => (
              <Box component="li" key={group.id} sx={{ py: 0.75 }}>
                {groupLink(group, language)}
              </Box>
            ))}
          </Box>
        </>
      ) : null}
    </Box>
  );
}
