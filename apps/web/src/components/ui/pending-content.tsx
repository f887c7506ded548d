import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Shown in place of a page that takes more than a moment to load. */
export function PendingContent() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4, justifyContent: 'center' }}>
      <CircularProgress size={28} aria-hidden="true" />
      <Typography role="status">{t('app.loading')}</Typography>
    </Box>
  );
}
