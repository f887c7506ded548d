import { Fragment, useId, useState, type ReactNode } from 'react';
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
import { useFocusReturn } from '../hooks/use-focus-return';
import { useOverflowing } from '../hooks/use-overflowing';
import { useReservedRoom } from '../../../hooks/use-reserved-room';
import {
  BUTTON_LINE_HEIGHT,
  clampLines,
  narrowQuery,
  SHORT_SCREEN_QUERY,
} from '../lib/overlay-style';
import { BETA_BANNER_MAX_WIDTH_PX, BETA_BANNER_SPACE_VARIABLE } from './beta-banner';

/** Room from the left and bottom edges. */
const EDGE_PX = 20;
/** Space kept free above the notice (the banner keeps the same above itself, below the notice). */
const GAP_PX = 8;
/** The notice's width where it has the room; on a phone it takes the width of the screen. */
const WIDTH = '24rem';
/** The narrowest it may be when it sits beside the beta banner. */
const MIN_BESIDE_WIDTH = '17rem';
/**
 * Free width to the left of the beta banner (centred, at most 600 px wide), less the narrowest
 * notice: positive where the notice fits beside the banner, so it covers no part of a centred
 * card on a wide screen. In rem, so 200 % text makes it stack above the banner again.
 */
const ROOM_BESIDE = `(50vw - ${BETA_BANNER_MAX_WIDTH_PX / 2}px - ${2 * EDGE_PX}px - ${MIN_BESIDE_WIDTH})`;
/**
 * Beside the banner (20 px from the bottom) where there is room, otherwise above it (the banner
 * publishes the room it takes); CSS has no "if", so `clamp` picks one side of the multiplied
 * difference. Never higher than 40 % of the screen.
 */
const BOTTOM = `clamp(${EDGE_PX}px, calc(${EDGE_PX}px - ${ROOM_BESIDE} * 1000), min(var(${BETA_BANNER_SPACE_VARIABLE}, ${EDGE_PX}px), 40dvh))`;
/** Beside the banner: the free width, at most the usual width; above it: the usual width. */
const BESIDE_WIDTH = `min(${WIDTH}, 50vw - ${BETA_BANNER_MAX_WIDTH_PX / 2}px - ${2 * EDGE_PX}px)`;
const MAX_WIDTH = `clamp(${BESIDE_WIDTH}, calc(${BESIDE_WIDTH} - ${ROOM_BESIDE} * 1000), ${WIDTH})`;
/**
 * Its top never above the middle of the screen, whatever the text size: the page keeps at least
 * half of it. The text scrolls inside; the buttons are always in view.
 */
const MAX_HEIGHT = `calc(50dvh - ${BOTTOM})`;
/** Lines of the explanation shown until the details are opened. */
const COLLAPSED_LINES = 2;
/**
 * One line where the notice is narrower than about 42 letters: on a phone (where the first field
 * of a long sign-up page needs the room) and beside the banner. The title comes first, and the
 * details hold the rest.
 */
const NARROW_QUERY = narrowQuery(21);

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
 * Our own cookie notice (docs/decisions/0014, 0019): Attune sets only strictly necessary cookies,
 * so it informs and has one "Understood" button. A compact non-modal region at the bottom left
 * (two lines and its buttons until the details are opened) that never takes the focus: a member
 * typing in the page keeps typing. Shown until acknowledged in this browser.
 */
export function CookieNotice({ authCookieName }: CookieNoticeProps) {
  const { t, i18n } = useTranslation('shell');
  const [visible, setVisible] = useState(() => !isCookieNoticeAcknowledged());
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [scrollArea, setScrollArea] = useState<HTMLElement | null>(null);
  const focus = useFocusReturn();
  const id = useId();
  const titleId = `${id}-title`;
  const detailsId = `${id}-details`;
  const necessaryId = `${id}-necessary`;
  // When its text is longer than the room (details open, large text), the text area scrolls: then
  // it takes the focus in the tab order, so it can be scrolled by keyboard too.
  const scrolls = useOverflowing(scrollArea, `${i18n.language} ${String(detailsOpen)}`);

  // The notice keeps the room up to its top and a gap free: the end of the page can be scrolled
  // above it, and a focused control scrolls clear of it (WCAG 2.4.11).
  useReservedRoom({
    element: visible ? element : null,
    side: 'bottom',
    owner: 'cookie-notice',
    gapPx: GAP_PX,
  });

  if (!visible) return null;

  const handleUnderstood = () => {
    acknowledgeCookieNotice();
    // Removing the notice would drop the focus to the document start; send it back instead.
    focus.giveBack(element);
    setVisible(false);
  };

  return (
    <Paper
      component="section"
      ref={setElement}
      aria-labelledby={titleId}
      data-testid="cookie-notice"
      elevation={6}
      onFocus={focus.onFocus}
      sx={{
        position: 'fixed',
        left: EDGE_PX,
        right: EDGE_PX,
        bottom: BOTTOM,
        maxWidth: MAX_WIDTH,
        maxHeight: MAX_HEIGHT,
        containerType: 'inline-size',
        display: 'flex',
        flexDirection: 'column',
        zIndex: (theme) => theme.zIndex.appBar + 50,
        p: 1.25,
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Box
        ref={setScrollArea}
        tabIndex={scrolls ? 0 : undefined}
        aria-labelledby={scrolls ? titleId : undefined}
        role={scrolls ? 'group' : undefined}
        sx={{
          // It gives way to the buttons, down to one line of text.
          minHeight: '1.5em',
          overflowY: 'auto',
          '&:focus-visible': {
            outline: (theme) => `3px solid ${theme.palette.focus}`,
            outlineOffset: 2,
          },
        }}
      >
        {/* The title runs into the explanation, which shows two lines until the details open. */}
        <Typography
          variant="body2"
          component="div"
          sx={
            detailsOpen
              ? undefined
              : {
                  ...clampLines(COLLAPSED_LINES),
                  [NARROW_QUERY]: { WebkitLineClamp: 1 },
                  [SHORT_SCREEN_QUERY]: { WebkitLineClamp: 1 },
                }
          }
        >
          <Typography
            id={titleId}
            component="h2"
            variant="body2"
            sx={{ display: 'inline', fontWeight: 700 }}
          >
            {t('cookieNotice.title')}
          </Typography>{' '}
          {t('cookieNotice.description')}
        </Typography>

        <Box id={detailsId} hidden={!detailsOpen} sx={{ mt: 1 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('cookieNotice.detailsTitle')}
          </Typography>
          <Typography
            id={necessaryId}
            component="h4"
            variant="body2"
            sx={{ fontWeight: 600, mt: 1 }}
          >
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
      </Box>

      {/* Outside the text area: always in view, however long the text or large the letters. */}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mt: 1,
          flex: 'none',
        }}
      >
        <Button
          variant="text"
          aria-expanded={detailsOpen}
          aria-controls={detailsId}
          onClick={() => setDetailsOpen((open) => !open)}
          endIcon={<ExpandIcon sx={{ transform: detailsOpen ? 'rotate(180deg)' : undefined }} />}
          sx={{ ml: -1, px: 1, lineHeight: BUTTON_LINE_HEIGHT, textAlign: 'start' }}
        >
          {t('cookieNotice.showDetails')}
        </Button>
        <Button
          variant="contained"
          onClick={handleUnderstood}
          sx={{ px: 2, lineHeight: BUTTON_LINE_HEIGHT }}
        >
          {t('cookieNotice.understood')}
        </Button>
      </Box>
    </Paper>
  );
}
