import ButtonBase from '@mui/material/ButtonBase';
import { createSvgIcon } from '@mui/material/utils';
import { useTranslation } from 'react-i18next';

/** The widget icon's colours (its defaults, which we keep): white on blue, 6.7:1. */
const ICON_BACKGROUND = '#4054b2';
const ICON_COLOR = '#fff';

/** Material Icons' "accessibility", the glyph the widget shows from its icon font. */
const AccessibilityIcon = createSvgIcon(
  <path d="M12 2c1.1 0 2 .9 2 2s-.9 2-2 2-2-.9-2-2 .9-2 2-2zm9 7h-6v13h-2v-6h-2v6H9V9H3V7h18v2z" />,
  'Accessibility',
);

export interface AccessibilityLauncherProps {
  /** The widget is loading: the button says so and ignores further presses. */
  busy: boolean;
  onOpen: () => void;
}

/**
 * Stands in for the accessibility widget's icon until the member asks for the widget, so its
 * script and icon font are not loaded with every page (docs/decisions/0015). Same place and look
 * as the widget's icon (spec §9: circular, 20 px from the top and right). Like the icon, it
 * scrolls with the page instead of floating over its text (decision 0019).
 */
export function AccessibilityLauncher({ busy, onOpen }: AccessibilityLauncherProps) {
  const { t } = useTranslation('shell');

  const handleClick = () => {
    if (!busy) onOpen();
  };

  return (
    <ButtonBase
      onClick={handleClick}
      aria-label={t('accessibilityWidget.labels.menuTitle')}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      disableRipple
      data-testid="accessibility-launcher"
      sx={{
        position: 'absolute',
        top: 20,
        right: 20,
        zIndex: 9999,
        width: 40,
        height: 40,
        borderRadius: '50%',
        bgcolor: ICON_BACKGROUND,
        color: ICON_COLOR,
        boxShadow: '1px 1px 5px rgba(0, 0, 0, 0.5)',
        '&:hover': { transform: 'scale(1.1)' },
        '&:focus-visible': {
          outline: '3px solid #000',
          outlineOffset: '2px',
          boxShadow: '0 0 0 2px #fff',
        },
        '&[aria-busy="true"]': { cursor: 'progress', opacity: 0.6, transform: 'none' },
      }}
    >
      <AccessibilityIcon sx={{ fontSize: 32 }} />
    </ButtonBase>
  );
}
