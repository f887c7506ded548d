import { createTheme } from '@mui/material/styles';

/** Outline colour for keyboard focus: dark blue stands out next to the red primary and on white. */
export const FOCUS_COLOR = '#0B4F9C';

const focusRing = {
  outline: `3px solid ${FOCUS_COLOR}`,
  outlineOffset: '2px',
};

/**
 * Light theme with a red primary that keeps AA contrast (#C62828 on white is 5.6:1), larger base
 * text for older readers, pill buttons 44 px high and a visible focus outline everywhere.
 */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#C62828', dark: '#8E0000', light: '#FF5F52', contrastText: '#FFFFFF' },
    secondary: { main: '#37474F', contrastText: '#FFFFFF' },
    success: { main: '#1B5E20', contrastText: '#FFFFFF' },
    error: { main: '#B71C1C', contrastText: '#FFFFFF' },
    text: { primary: '#1F1F1F', secondary: '#4A4A4A' },
    background: { default: '#FAF7F5', paper: '#FFFFFF' },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontSize: 16,
    h1: {
      fontSize: '2rem',
      fontWeight: 700,
      lineHeight: 1.25,
      '@media (max-width:600px)': { fontSize: '1.75rem' },
    },
    h2: { fontSize: '1.5rem', fontWeight: 600, lineHeight: 1.3 },
    body1: { fontSize: '1.0625rem', lineHeight: 1.6 },
    body2: { fontSize: '1rem', lineHeight: 1.55 },
    button: { fontSize: '1rem', fontWeight: 600, textTransform: 'none' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        ':focus-visible': focusRing,
        a: { textUnderlineOffset: '0.2em' },
      },
    },
    MuiButtonBase: { defaultProps: { disableRipple: true } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: {
          borderRadius: 999,
          minHeight: 44,
          paddingInline: 24,
          '&.Mui-focusVisible': focusRing,
        },
        // A full-strength 2 px border so outlined buttons are easy to see (WCAG 1.4.11).
        outlined: { borderWidth: 2, borderColor: 'currentColor', '&:hover': { borderWidth: 2 } },
      },
    },
    MuiLink: {
      defaultProps: { underline: 'always' },
      styleOverrides: { root: { '&:focus-visible': focusRing, borderRadius: 2 } },
    },
    MuiOutlinedInput: {
      styleOverrides: {
        root: {
          '&.Mui-focused': focusRing,
          '& .MuiOutlinedInput-notchedOutline': { borderColor: '#6B6B6B' },
        },
      },
    },
    MuiFormHelperText: {
      styleOverrides: { root: { fontSize: '0.95rem', marginInline: 2, color: '#4A4A4A' } },
    },
    MuiAlert: {
      styleOverrides: { root: { fontSize: '1rem', alignItems: 'flex-start' } },
    },
  },
});
