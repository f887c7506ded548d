import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The status line shown in the editor's place while it (or a form holding it) loads. */
export function EditorLoading() {
  const { t } = useTranslation('posts');
  return (
    <Typography role="status" sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {t('composer.content.loading')}
    </Typography>
  );
}
