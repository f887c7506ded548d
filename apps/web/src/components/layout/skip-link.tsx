import MuiLink from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

/** Id of the `<main>` landmark: the skip link's target, and where the focus goes when nothing better is left. */
export const MAIN_CONTENT_ID = 'main';

/** "Skip to main content": the first focusable element, visible when focused. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <MuiLink
      href={`#${MAIN_CONTENT_ID}`}
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
