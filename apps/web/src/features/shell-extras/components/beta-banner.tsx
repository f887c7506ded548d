import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { createSvgIcon } from '@mui/material/utils';
import { useTranslation } from 'react-i18next';
import type enShell from '../../../locales/en/shell.json';
import { splitTag } from '../../../lib/split-tag';
import { useFocusReturn } from '../hooks/use-focus-return';
import { useOverflowing } from '../hooks/use-overflowing';
import { useReservedRoom } from '../../../hooks/use-reserved-room';
import { dismissBetaBanner, isBetaBannerDismissed } from '../lib/beta-banner-cookie';
import { BETA_BANNER_SPACE_VARIABLE } from '../../../lib/bottom-space';
import {
  BUTTON_LINE_HEIGHT,
  clampLines,
  narrowQuery,
  SHORT_SCREEN_QUERY,
} from '../lib/overlay-style';

export type BetaBannerPosition = 'top' | 'center' | 'bottom';
/** Keys under `shell:betaBanner.messages`; the message may use `{{email}}` and `<mail>…</mail>`. */
export type BetaBannerMessageKey = keyof typeof enShell.betaBanner.messages;

/** The beta banner input of spec §3: position, message key and support address. */
export interface BetaBannerProps {
  position?: BetaBannerPosition;
  messageKey?: BetaBannerMessageKey;
  email: string;
  /** Secure cookie (everywhere but local mode). */
  secure: boolean;
}

/** Spec §9: at most 600 px wide, 20 px from the edge. */
export const BETA_BANNER_MAX_WIDTH_PX = 600;
export const BETA_BANNER_EDGE_PX = 20;
/** Dark green: white text on it has a contrast of 7.9:1 (WCAG AAA). */
export const BETA_BANNER_GREEN = '#1B5E20';
export { BETA_BANNER_SPACE_VARIABLE };
/** Free space the page keeps beyond the banner (the cookie notice sits this far above it). */
const ROOM_GAP_PX = 8;
/** Room at the top right where the accessibility icon sits (20 + 40 + 20 px); the top banner keeps out. */
const ICON_CORNER_PX = 80;
/** Lines of the message shown until "More" is pressed: the banner stays a slim strip on a phone. */
const COLLAPSED_LINES = 2;
/** One line where the banner is narrower than about 30 letters (a phone at 200 % text). */
const NARROW_QUERY = narrowQuery(15);

const CloseIcon = createSvgIcon(
  <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />,
  'Close',
);

const ExpandIcon = createSvgIcon(
  <path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" />,
  'Expand',
);

/**
 * At the top the banner keeps the icon's corner free on the right, so its close button is never
 * under the icon. The centred banner never grows into the top or bottom 80 px.
 */
const placement = {
  top: { top: BETA_BANNER_EDGE_PX, right: ICON_CORNER_PX },
  bottom: { bottom: BETA_BANNER_EDGE_PX },
  center: {
    top: '50%',
    transform: 'translateY(-50%)',
    maxHeight: `calc(100dvh - ${2 * ICON_CORNER_PX}px)`,
  },
} as const;

/** Dismissible green notice that Attune is in beta (spec §1, §3, §4). */
export function BetaBanner({
  position = 'bottom',
  messageKey = 'beta',
  email,
  secure,
}: BetaBannerProps) {
  const { t } = useTranslation('shell');
  const [visible, setVisible] = useState(() => !isBetaBannerDismissed());
  const [banner, setBanner] = useState<HTMLElement | null>(null);
  const [messageElement, setMessageElement] = useState<HTMLElement | null>(null);
  const [expanded, setExpanded] = useState(false);
  const messageId = useId();
  const focus = useFocusReturn();
  // Keeps the page's own controls reachable while the banner floats over it; at the bottom the
  // room is also published as a variable, which lifts the cookie notice above the banner. The
  // centre position is a deliberate overlay and reserves nothing.
  useReservedRoom({
    element: visible ? banner : null,
    side: position === 'center' ? null : position,
    owner: 'beta-banner',
    gapPx: ROOM_GAP_PX,
    variable: position === 'bottom' ? BETA_BANNER_SPACE_VARIABLE : undefined,
  });

  const text = t(`betaBanner.messages.${messageKey}`, { email });
  // "More" only where the collapsed message is cut (a phone, large text, a long language).
  const cut = useOverflowing(expanded ? null : messageElement, text);

  if (!visible) return null;

  // The address in the message becomes a mail link; a message without `<mail>` shows as it is.
  const message = splitTag(text, 'mail');

  const handleClose = () => {
    dismissBetaBanner({ secure });
    focus.giveBack(banner);
    setVisible(false);
  };

  return (
    <Box
      component="section"
      ref={setBanner}
      aria-label={t('betaBanner.label')}
      data-position={position}
      data-testid="beta-banner"
      onFocus={focus.onFocus}
      sx={{
        position: 'fixed',
        left: BETA_BANNER_EDGE_PX,
        right: BETA_BANNER_EDGE_PX,
        mx: 'auto',
        maxWidth: BETA_BANNER_MAX_WIDTH_PX,
        ...placement[position],
        zIndex: (theme) => theme.zIndex.appBar + 50,
        containerType: 'inline-size',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 0.5,
        py: 0.5,
        pl: 2,
        pr: 0.5,
        borderRadius: 2,
        bgcolor: BETA_BANNER_GREEN,
        color: '#fff',
        boxShadow: 6,
      }}
    >
      <Typography
        id={messageId}
        ref={setMessageElement}
        component="p"
        variant="body2"
        // A member who tabs to the mail link while the message is cut sees all of it.
        onFocus={() => setExpanded(true)}
        sx={{
          // Beside "More" and the close button while at least ~9 characters fit per line; at
          // large text on a phone they wrap to a row of their own below the message.
          flex: '1 1 9em',
          minWidth: 0,
          my: 1,
          ...(expanded
            ? { maxHeight: '30dvh', overflowY: 'auto', [NARROW_QUERY]: { marginBlock: '4px' } }
            : {
                ...clampLines(COLLAPSED_LINES),
                [NARROW_QUERY]: { marginBlock: '4px', WebkitLineClamp: 1 },
                [SHORT_SCREEN_QUERY]: { marginBlock: '4px', WebkitLineClamp: 1 },
              }),
        }}
      >
        {message ? (
          <>
            {message.before}
            <Box
              component="a"
              href={`mailto:${email}`}
              sx={{
                color: 'inherit',
                fontWeight: 600,
                textDecoration: 'underline',
                overflowWrap: 'anywhere',
                '&:focus-visible': { outline: '2px solid #fff', outlineOffset: 2 },
              }}
            >
              {message.inside}
            </Box>
            {message.after}
          </>
        ) : (
          text
        )}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', ml: 'auto' }}>
        {(cut || expanded) && (
          <Button
            aria-expanded={expanded}
            aria-controls={messageId}
            onClick={() => setExpanded((open) => !open)}
            endIcon={<ExpandIcon sx={{ transform: expanded ? 'rotate(180deg)' : undefined }} />}
            sx={{
              color: 'inherit',
              px: 1,
              lineHeight: BUTTON_LINE_HEIGHT,
              '&:focus-visible': { outline: '2px solid #fff', outlineOffset: -2 },
            }}
          >
            {t('betaBanner.more')}
          </Button>
        )}
        <IconButton
          onClick={handleClose}
          aria-label={t('betaBanner.close')}
          sx={{
            color: 'inherit',
            // The icon grows with the text; its padding need not (44 px stays the least).
            p: 0.5,
            '&:focus-visible': { outline: '2px solid #fff', outlineOffset: -2 },
          }}
        >
          <CloseIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
