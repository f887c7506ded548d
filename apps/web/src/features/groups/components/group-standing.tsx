import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { GroupStanding as Standing } from '@attune/contract';

/**
 * How the viewer stands in a group, in words and framed like a label ("You are a member",
 * "Request sent"); nothing for an outsider. The words carry the meaning, never the colour alone.
 */
export function GroupStanding({ standing }: { standing: Standing }) {
  const { t } = useTranslation('groups');
  if (standing === 'outsider') return null;
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        px: 1,
        py: 0.25,
        border: 1,
        borderColor: standing === 'pending' ? 'text.secondary' : 'primary.main',
        borderRadius: 1,
        fontWeight: 600,
      }}
    >
      {t(`standing.${standing}`)}
    </Box>
  );
}
