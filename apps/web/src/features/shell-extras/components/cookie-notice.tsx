import { Fragment, useId, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { createSvgIcon } from '@mui/material/utils';
import { useTranslation } from 'react-i18next';
import {
  acknowledgeCookieNotice,
  isCookieNoticeAcknowledged,
  listCookieGroups,
} from '../lib/cookie-notice';
import { useReservedRoom } from '../hooks/use-reserved-room';

/** Room from the left and bottom edges. */
const EDGE_PX = 20;
/**
 * Above the beta banner while it sits at the bottom (it publishes the room it takes), but never
 * higher than half the screen: with large text on a small screen the banner can fill most of it,
 * and the notice would be left a sliver. Then it covers the top of the banner instead.
 */
const BOTTOM = `min(var(--attune-beta-banner-space, ${EDGE_PX}px), 50dvh)`;

const ExpandIcon = createSvgIcon(
  <path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" />,
  'Expand',
);

/**
 * One label and value of a cookie, side by side where there is room and the value below the label
 * on small screens and with large text (a three-column table would not fit there).
 */
function CookieFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
      <Box component="dt" sx={{ flex: '0 0 6.5rem', fontWeight: 600 }}>
        {label}
      </Box>
      {/* Long cookie names wrap rather than widen the notice. */}
      <Box component="dd" sx={{ flex: '1 1 10rem', m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

export interface CookieNoticeProps {
  /** Name of the sign-in cookie (from the configuration), listed with the others. */
  authCookieName: string;
}

/**
 * Our own cookie notice (docs/decisions/0014): Attune sets only strictly necessary cookies, so it
 * informs and has one "Understood" button. A non-modal region at the bottom left that never takes
 * the focus: a member typing in the page keeps typing. Shown until acknowledged in this browser.
 */
export function CookieNotice({ authCookieName }: CookieNoticeProps) {
  const { t } = useTranslation('shell');
  const [visible, setVisible] = useState(() => !isCookieNoticeAcknowledged());
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [element, setElement] = useState<HTMLElement | null>(null);
  /** Where the focus came from when it entered the notice; it goes back there on "Understood". */
  const focusOrigin = useRef<HTMLElement | null>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const detailsId = `${id}-details`;
  const necessaryId = `${id}-necessary`;

  // Above the beta banner's room, the notice keeps its own height and a gap free: the end of the
  // page can be scrolled above it, and a focused control scrolls clear of it (WCAG 2.4.11).
  useReservedRoom({
    element: visible ? element : null,
    side: 'bottom',
    owner: 'cookie-notice',
    gapPx: EDGE_PX,
  });

  if (!visible) return null;

  const handleFocus = (event: FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget;
    if (from instanceof Node && event.currentTarget.contains(from)) return;
    focusOrigin.current = from instanceof HTMLElement ? from : null;
  };

  const handleUnderstood = () => {
    acknowledgeCookieNotice();
    // Removing the notice would drop the focus to the document start; send it back instead.
    const origin = focusOrigin.current;
    if (element?.contains(document.activeElement) && origin?.isConnected) origin.focus();
    setVisible(false);
  };

  return (
    <Paper
      component="section"
      ref={setElement}
      aria-labelledby={titleId}
      data-testid="cookie-notice"
      elevation={6}
      onFocus={handleFocus}
      sx={{
        position: 'fixed',
        left: EDGE_PX,
        right: EDGE_PX,
        bottom: BOTTOM,
        maxWidth: '24rem',
        // Below the accessibility widget's icon at the top right; scrolls when taller.
        maxHeight: `calc(100dvh - ${BOTTOM} - var(--attune-accessibility-icon-space, ${EDGE_PX}px))`,
        overflowY: 'auto',
        zIndex: (theme) => theme.zIndex.appBar + 50,
        p: 2,
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Typography id={titleId} component="h2" variant="h3" sx={{ mb: 1 }}>
        {t('cookieNotice.title')}
      </Typography>
      <Typography variant="body2">{t('cookieNotice.description')}</Typography>

      <Button
        variant="text"
        aria-expanded={detailsOpen}
        aria-controls={detailsId}
        onClick={() => setDetailsOpen((open) => !open)}
        endIcon={<ExpandIcon sx={{ transform: detailsOpen ? 'rotate(180deg)' : undefined }} />}
        sx={{ mt: 1, ml: -1.5, px: 1.5, textAlign: 'start' }}
      >
        {t('cookieNotice.showDetails')}
      </Button>

      <Box id={detailsId} hidden={!detailsOpen} sx={{ mt: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('cookieNotice.detailsTitle')}
        </Typography>
        <Typography id={necessaryId} component="h4" variant="body2" sx={{ fontWeight: 600, mt: 1 }}>
          {t('cookieNotice.necessaryTitle')}
        </Typography>
        <Typography variant="body2">{t('cookieNotice.necessaryDescription')}</Typography>
        <Box
          component="ul"
          aria-labelledby={necessaryId}
          sx={{ listStyle: 'none', p: 0, my: 1, typography: 'body2' }}
        >
          {listCookieGroups(authCookieName).map((group) => (
            <Box
              component="li"
              key={group.purpose}
              sx={{
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
                '&:last-of-type': { borderBottom: 0 },
              }}
            >
              <Box component="dl" sx={{ m: 0 }}>
                <CookieFact label={t('cookieNotice.table.name')}>
                  {group.names.map((name, index) => (
                    <Fragment key={name}>
                      {index > 0 && ', '}
                      <code>{name}</code>
                    </Fragment>
                  ))}
                </CookieFact>
                <CookieFact label={t('cookieNotice.table.purpose')}>
                  {t(`cookieNotice.cookies.${group.purpose}`)}
                </CookieFact>
                <CookieFact label={t('cookieNotice.table.duration')}>
                  {t(`cookieNotice.cookies.${group.duration}`)}
                </CookieFact>
              </Box>
            </Box>
          ))}
        </Box>
        <Typography component="h4" variant="body2" sx={{ fontWeight: 600, mt: 1 }}>
          {t('cookieNotice.storageTitle')}
        </Typography>
        <Typography variant="body2">{t('cookieNotice.storageDescription')}</Typography>
      </Box>

      <Box sx={{ mt: 2 }}>
        <Button variant="contained" onClick={handleUnderstood}>
          {t('cookieNotice.understood')}
        </Button>
      </Box>
    </Paper>
  );
}
