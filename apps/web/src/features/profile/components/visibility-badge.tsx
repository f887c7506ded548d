import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { asVisibility, visibilityLabelKey } from '../lib/visibility';

/** On one's own profile: who may see this detail, as words (never colour alone). */
export function VisibilityBadge({ visibility }: { visibility: string | null }) {
  const { t } = useTranslation('profile');
  const level = asVisibility(visibility);
  if (!level) return null;
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        ml: 1,
        px: 1,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        color: 'text.secondary',
        fontSize: '0.875rem',
        fontWeight: 400,
        whiteSpace: 'nowrap',
      }}
    >
      {t('profile.visibleTo', { level: t(visibilityLabelKey(level)) })}
    </Box>
  );
}
