import MuiLink from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

/** Id of the `<main>` landmark: the skip link's target, and where the focus goes when nothing better is left. */
export const MAIN_CONTENT_ID = 'main';

/**
 * "Skip to main content": the first focusable element. Hidden until focused; then it takes its
 * own room above the header instead of floating over it, so it never covers the logo or another
 * target while a keyboard user passes it (WCAG 2.5.8, 2.4.11).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <MuiLink
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        // Visually hidden, still read and focusable.
        position: 'absolute',
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        clipPath: 'inset(50%)',
        whiteSpace: 'nowrap',
        '&:focus': {
          position: 'static',
          width: 'auto',
          height: 'auto',
          overflow: 'visible',
          clipPath: 'none',
          whiteSpace: 'normal',
          alignSelf: 'flex-start',
          m: 1,
          p: 1.5,
          backgroundColor: 'background.paper',
          outline: (theme) => `3px solid ${theme.palette.focus}`,
        },
      }}
    >
      {t('app.skipToContent')}
    </MuiLink>
  );
}
