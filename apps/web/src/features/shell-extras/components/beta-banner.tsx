import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { createSvgIcon } from '@mui/material/utils';
import { useTranslation } from 'react-i18next';
import type enShell from '../../../locales/en/shell.json';
import { splitTag } from '../../../lib/split-tag';
import { useReservedRoom } from '../hooks/use-reserved-room';
import { dismissBetaBanner, isBetaBannerDismissed } from '../lib/beta-banner-cookie';

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
/** CSS variable with the room the banner takes at the bottom (other bottom popups sit above it). */
export const BETA_BANNER_SPACE_VARIABLE = '--attune-beta-banner-space';

const CloseIcon = createSvgIcon(
  <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />,
  'Close',
);

const placement = {
  top: { top: BETA_BANNER_EDGE_PX },
  bottom: { bottom: BETA_BANNER_EDGE_PX },
  center: { top: '50%', transform: 'translateY(-50%)' },
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
  // Keeps the page's own controls reachable while the banner floats over it; at the bottom the
  // room is also published as a variable, which lifts the cookie notice above the banner. The
  // centre position is a deliberate overlay and reserves nothing.
  useReservedRoom({
    element: visible ? banner : null,
    side: position === 'center' ? null : position,
    owner: 'beta-banner',
    gapPx: 2 * BETA_BANNER_EDGE_PX,
    variable: position === 'bottom' ? BETA_BANNER_SPACE_VARIABLE : undefined,
  });

  if (!visible) return null;

  const text = t(`betaBanner.messages.${messageKey}`, { email });
  // The address in the message becomes a mail link; a message without `<mail>` shows as it is.
  const message = splitTag(text, 'mail');

  const handleClose = () => {
    dismissBetaBanner({ secure });
    setVisible(false);
  };

  return (
    <Box
      component="section"
      ref={setBanner}
      aria-label={t('betaBanner.label')}
      data-position={position}
      data-testid="beta-banner"
      sx={{
        position: 'fixed',
        left: BETA_BANNER_EDGE_PX,
        right: BETA_BANNER_EDGE_PX,
        mx: 'auto',
        maxWidth: BETA_BANNER_MAX_WIDTH_PX,
        ...placement[position],
        zIndex: (theme) => theme.zIndex.appBar + 50,
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        py: 1.5,
        pl: 2,
        pr: 1,
        borderRadius: 2,
        bgcolor: BETA_BANNER_GREEN,
        color: '#fff',
        boxShadow: 6,
      }}
    >
      <Typography component="p" variant="body2" sx={{ flex: 1, alignSelf: 'center' }}>
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
      <IconButton
        onClick={handleClose}
        aria-label={t('betaBanner.close')}
        sx={{
          color: 'inherit',
          '&:focus-visible': { outline: '2px solid #fff', outlineOffset: -2 },
        }}
      >
        <CloseIcon />
      </IconButton>
    </Box>
  );
}
