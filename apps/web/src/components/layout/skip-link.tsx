import MuiLink from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

/** "Skip to main content": the first focusable element, visible when focused. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <MuiLink
      href="#main"
      sx={{
        position: 'absolute',
        left: 8,
        top: -200,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        p: 1.5,
        backgroundColor: 'background.paper',
        '&:focus': { top: 8, outline: (theme) => `3px solid ${theme.palette.focus}` },
      }}
    >
      {t('app.skipToContent')}
    </MuiLink>
  );
}
