import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { GroupOutput, Language } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { groupDescription } from '../lib/group-description';
import { GroupStanding } from './group-standing';
import { GroupStatusLabel } from '../../../components/groups/group-status';

/**
 * One group in a list: its name (h3, a link to its page), status in words, member count, the
 * viewer's standing in it and its description.
 */
export function GroupCard({ group, language }: { group: GroupOutput; language: Language }) {
  const { t } = useTranslation('groups');
  const description = groupDescription(group, language);
  return (
    <Box component="li" sx={{ py: 2.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="h3" variant="h6" sx={{ mb: 0.5 }}>
        <TextLink to="/$lang/groups/$group" params={{ lang: language, group: group.slug }}>
          {group.name}
        </TextLink>
      </Typography>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: 2,
          rowGap: 0.5,
          mb: 1,
        }}
      >
        <GroupStatusLabel status={group.status} />
        <Typography component="span">{t('card.members', { count: group.memberCount })}</Typography>
        <GroupStanding standing={group.standing} />
      </Box>
      {description ? (
        <Typography
          lang={description.lang}
          sx={{
            whiteSpace: 'pre-line',
            // Three lines at most in the list; the group's page shows all of it.
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {description.text}
        </Typography>
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>{t('card.noDescription')}</Typography>
      )}
    </Box>
  );
}
