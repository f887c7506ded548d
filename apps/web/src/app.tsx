import { useEffect, useMemo } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
// @mui/system's provider: @mui/material's one also carries the CSS-variables provider, which our
// theme (light or dark, chosen in JavaScript) does not use.
import { ThemeProvider } from '@mui/system';
import { RouterProvider } from '@tanstack/react-router';
import { I18nextProvider } from 'react-i18next';
import { AppSnackbarProvider } from './components/ui/snackbar-provider';
import { StartupLoadingOverlay } from './components/ui/startup-loading-screen';
import { onSignedOut } from './lib/auth-session';
import { i18n } from './lib/i18n';
import { loadedQueryClient } from './lib/query-client-loader';
import { markFirstPageRendered } from './lib/startup';
import { clearUnhandledError } from './lib/unhandled-errors';
import { usePaletteMode } from './hooks/use-palette-mode';
import { createAppTheme } from './lib/theme';
import type { createAppRouter } from './router';

export interface AppProps {
  router: ReturnType<typeof createAppRouter>;
}

/**
 * Providers around the router, and the start-up loading screen above it. When the session ends, the
 * profile state goes and guards re-run.
 */
export function App({ router }: AppProps) {
  useEffect(
    () =>
      onSignedOut(() => {
        loadedQueryClient()?.clear();
        void router.invalidate();
      }),
    [router],
  );
  // The start-up loading screen waits for the first page (or its error page) to be on screen.
  useEffect(() => router.subscribe('onResolved', markFirstPageRendered), [router]);
  // Leaving the error page of an unhandled error (its "start page" link, the back button) shows
  // the next page again.
  useEffect(() => router.subscribe('onBeforeNavigate', clearUnhandledError), [router]);

  return (
    <AppProviders>
      <StartupLoadingOverlay />
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/**
 * Theme, i18n and snackbars (also used for the start screens before the router). The query cache
 * is not here: the layouts that fetch add it (`QueryLayer`), so the login page does without it.
 */
export function AppProviders({ children }: { children: React.ReactNode }) {
  const mode = usePaletteMode();
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <AppSnackbarProvider>{children}</AppSnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
