import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Shown when the public configuration cannot be loaded at start. */
export function StartFailed() {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', px: 3, py: 8 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('app.startFailed.title')}
      </Typography>
      <Typography role="alert" sx={{ mb: 3 }}>
        {t('app.startFailed.text')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('app.startFailed.reload')}
      </Button>
    </Box>
  );
}
