import { createTheme, type Theme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface Palette {
    /** Outline colour of keyboard focus. */
    focus: string;
  }
  interface PaletteOptions {
    focus?: string;
  }
}

export type PaletteMode = 'light' | 'dark';

/** Outline colour for keyboard focus in the light theme (dark blue next to the red primary). */
export const FOCUS_COLOR = '#0B4F9C';
const DARK_FOCUS_COLOR = '#90CAF9';

/** Green of the top loading bar (spec §9), per mode; bright enough on the page background. */
export const LOADING_BAR_COLOR: Record<PaletteMode, string> = { light: '#2E7D32', dark: '#81C784' };

const PALETTES = {
  light: {
    mode: 'light',
    focus: FOCUS_COLOR,
    // #C62828 on white is 5.6:1 (AA).
    primary: { main: '#C62828', dark: '#8E0000', light: '#FF5F52', contrastText: '#FFFFFF' },
    secondary: { main: '#37474F', contrastText: '#FFFFFF' },
    success: { main: '#1B5E20', contrastText: '#FFFFFF' },
    error: { main: '#B71C1C', contrastText: '#FFFFFF' },
    info: { main: '#0B4F9C', contrastText: '#FFFFFF' },
    text: { primary: '#1F1F1F', secondary: '#4A4A4A' },
    background: { default: '#FAF7F5', paper: '#FFFFFF' },
    divider: '#E0D6D2',
  },
  dark: {
    mode: 'dark',
    focus: DARK_FOCUS_COLOR,
    // Light red on the dark page (#EF9A9A on #121212 is 9.9:1), dark text on filled buttons.
    primary: { main: '#EF9A9A', dark: '#E57373', light: '#FFCDD2', contrastText: '#1F1F1F' },
    secondary: { main: '#B0BEC5', contrastText: '#1F1F1F' },
    success: { main: '#81C784', contrastText: '#1F1F1F' },
    error: { main: '#FF8A80', contrastText: '#1F1F1F' },
    info: { main: '#90CAF9', contrastText: '#1F1F1F' },
    text: { primary: '#F1F1F1', secondary: '#C8C8C8' },
    background: { default: '#121212', paper: '#1E1E1E' },
    divider: '#3A3A3A',
  },
} as const;

/** The media query of members who asked their system for less motion. */
export const REDUCED_MOTION = '@media (prefers-reduced-motion: reduce)';

/**
 * What changes for them, everywhere: nothing slides, fades, grows or scrolls smoothly — dialogs,
 * menus, snackbars and expanding panels are simply there. Dizziness and balance trouble often come
 * with inner-ear conditions, so this is a setting many of our members have. Transitions end at once
 * rather than being removed (0.01 ms, not none), so code that waits for `transitionend` still
 * hears it. Animations that run on (a progress spinner) keep turning: it is the one motion that
 * tells a member the app is still working.
 */
export const reducedMotionStyles = {
  '*, *::before, *::after': {
    transitionDuration: '0.01ms !important',
    transitionDelay: '0s !important',
    scrollBehavior: 'auto !important',
  },
} as const;

/**
 * The app theme: light (default) or dark, both with a red primary that keeps AA contrast, larger
 * base text, pill buttons 44 px high and a visible focus outline everywhere. Sizes are in rem so
 * text scales to 200 %.
 */
export function createAppTheme(mode: PaletteMode): Theme {
  const palette = PALETTES[mode];
  const focusRing = { outline: `3px solid ${palette.focus}`, outlineOffset: '2px' };
  const insetFocusRing = { ...focusRing, outlineOffset: '-3px' };
  return createTheme({
    palette,
    shape: { borderRadius: 12 },
    typography: {
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      fontSize: 16,
      h1: {
        fontSize: '2rem',
        fontWeight: 700,
        lineHeight: 1.25,
        '@media (max-width:600px)': { fontSize: '1.75rem' },
      },
      h2: { fontSize: '1.5rem', fontWeight: 600, lineHeight: 1.3 },
      h3: { fontSize: '1.25rem', fontWeight: 600, lineHeight: 1.35 },
      body1: { fontSize: '1.0625rem', lineHeight: 1.6 },
      body2: { fontSize: '1rem', lineHeight: 1.55 },
      button: { fontSize: '1rem', fontWeight: 600, textTransform: 'none' },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          ':focus-visible': focusRing,
          a: { textUnderlineOffset: '0.2em' },
          html: { colorScheme: mode },
          // Long words (German compounds, e-mail addresses) wrap instead of widening the page
          // when the text is large on a small screen.
          body: { overflowWrap: 'anywhere' },
          [REDUCED_MOTION]: reducedMotionStyles,
        },
      },
      // Without the ripple, MUI shows no keyboard focus on its own. Every control built on
      // ButtonBase (buttons, icon buttons, menu items, chips, checkboxes, radios, switches …) gets
      // the focus ring here, on its `.Mui-focusVisible` class: checkboxes, radios and switches
      // focus a transparent <input>, whose own `:focus-visible` outline cannot be seen.
      MuiButtonBase: {
        defaultProps: { disableRipple: true },
        styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: { borderRadius: 999, minHeight: 44, paddingInline: 24 },
          // A full-strength 2 px border so outlined buttons are easy to see (WCAG 1.4.11).
          outlined: { borderWidth: 2, borderColor: 'currentColor', '&:hover': { borderWidth: 2 } },
        },
      },
      MuiIconButton: {
        styleOverrides: { root: { minWidth: 44, minHeight: 44 } },
      },
      // Inside lists and menus the ring is drawn inside the item, where no neighbour covers it.
      MuiMenuItem: {
        styleOverrides: { root: { minHeight: 44, '&.Mui-focusVisible': insetFocusRing } },
      },
      MuiListItemButton: {
        styleOverrides: { root: { minHeight: 44, '&.Mui-focusVisible': insetFocusRing } },
      },
      // A ring inside the round 42 px hit area, around the box or dot, clear of the label.
      MuiCheckbox: { styleOverrides: { root: { '&.Mui-focusVisible': insetFocusRing } } },
      MuiRadio: { styleOverrides: { root: { '&.Mui-focusVisible': insetFocusRing } } },
      // The switch clips what lies outside it: the ring goes inside the round area of its thumb.
      MuiSwitch: { styleOverrides: { switchBase: { '&.Mui-focusVisible': insetFocusRing } } },
      // The slider's own focus is a faint halo; its thumb gets the ring too.
      MuiSlider: {
        styleOverrides: { thumb: { '&.Mui-focusVisible': { ...focusRing, boxShadow: 'none' } } },
      },
      MuiLink: {
        defaultProps: { underline: 'always' },
        styleOverrides: { root: { '&:focus-visible': focusRing, borderRadius: 2 } },
      },
      // Every label sits above its field, whole and wrapping, instead of floating in the border:
      // there long labels (and their translations) are cut off with large text on small screens,
      // and a label that moves while the member types is one thing more to follow.
      MuiInputLabel: {
        defaultProps: { shrink: true },
        styleOverrides: {
          root: {
            position: 'relative',
            transform: 'none',
            whiteSpace: 'normal',
            overflow: 'visible',
            textOverflow: 'clip',
            maxWidth: 'none',
            marginBottom: 6,
            fontSize: '1rem',
            fontWeight: 600,
            lineHeight: 1.4,
            color: palette.text.primary,
            '&.Mui-focused': { color: palette.text.primary },
          },
        },
      },
      MuiOutlinedInput: {
        defaultProps: { notched: false },
        styleOverrides: {
          root: {
            '&.Mui-focused': focusRing,
            '& .MuiOutlinedInput-notchedOutline': {
              borderColor: mode === 'light' ? '#6B6B6B' : '#9E9E9E',
            },
          },
        },
      },
      MuiFormHelperText: {
        styleOverrides: {
          root: { fontSize: '0.95rem', marginInline: 2, color: palette.text.secondary },
        },
      },
      MuiAlert: {
        styleOverrides: { root: { fontSize: '1rem', alignItems: 'flex-start' } },
      },
    },
  });
}

/** The light theme (the default). */
export const theme = createAppTheme('light');
