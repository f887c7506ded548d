import type { Theme } from '@mui/material/styles';

/** Size of the widget menu's labels; the browser's default for buttons is 13.3 px. */
export const ACCESSIBILITY_MENU_FONT_SIZE = '18px';

/**
 * The `accessibility` widget's menu in the colours of the app theme, light or dark. The widget
 * reads most colours from its CSS variables; its buttons, though, keep the browser's own button
 * text colour and size (white at 13.3 px in a dark colour scheme, on its light grey #f9f9f9), so
 * they inherit ours. `body` in the selectors outweighs the widget's own stylesheet, which it adds
 * after ours.
 */
export function accessibilityMenuStyles(theme: Theme) {
  const { palette } = theme;
  const dark = palette.mode === 'dark';
  const text = palette.text.primary;
  return {
    body: {
      '--_access-menu-background-color': palette.background.paper,
      '--_access-menu-color': text,
      '--_access-menu-border': `solid 1px ${palette.divider}`,
      '--_access-menu-header-color': text,
      // Its default grey text (60 % black on #f9f9f9) is below the AA contrast of 4.5:1.
      '--_access-menu-item-color': text,
      '--_access-menu-font-size': ACCESSIBILITY_MENU_FONT_SIZE,
      '--_access-menu-item-font-size': ACCESSIBILITY_MENU_FONT_SIZE,
      '--_access-menu-item-line-height': '1.35',
      // Its icons sit 7 px from the top: a one-line label of 18 px is centred beside them.
      '--_access-menu-item-button-padding': '7px 0',
      '--_access-menu-item-icon-color': palette.text.secondary,
      '--_access-menu-item-hover-icon-color': text,
      '--_access-menu-item-button-background': dark ? '#2A2A2A' : '#F9F9F9',
      '--_access-menu-item-button-border': `solid 1px ${dark ? '#5A5A5A' : '#D6D6D6'}`,
      '--_access-menu-item-button-hover-color': text,
      '--_access-menu-item-button-hover-background-color': dark ? '#383838' : '#EAEAEA',
      // A setting that is on: the button turns to the text colour, its label to the background.
      '--_access-menu-item-button-active-background-color': text,
      '--_access-menu-item-button-active-color': palette.background.paper,
      '--_access-menu-item-active-icon-color': palette.background.paper,
    },
    'body ._access-menu': { colorScheme: palette.mode },
    'body ._access-menu ul li button': {
      font: 'inherit',
      color: 'inherit',
      lineHeight: 1.35,
    },
    'body ._access-menu ul li button.active': { color: palette.background.paper },
    // Its close (red) and reset (blue) icons, bright enough on the dark menu as well.
    'body ._access-menu ._menu-close-btn': { color: palette.error.main },
    'body ._access-menu ._menu-reset-btn': { color: palette.focus },
    // The menu's list scrolls and clips what lies outside its buttons: the ring goes inside.
    'body ._access-menu button:focus-visible': { outlineOffset: '-3px' },
  } as const;
}
