import { useEffect, useMemo } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
// @mui/system's provider: @mui/material's one also carries the CSS-variables provider, which our
// theme (light or dark, chosen in JavaScript) does not use.
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { I18nextProvider } from 'react-i18next';
import { AppSnackbarProvider } from './components/ui/snackbar-provider';
import { onSignedOut } from './lib/auth-session';
import { i18n } from './lib/i18n';
import { usePaletteMode } from './hooks/use-palette-mode';
import { createAppTheme } from './lib/theme';
import type { createAppRouter } from './router';

export interface AppProps {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/** Providers around the router. When the session ends, the profile state goes and guards re-run. */
export function App({ queryClient, router }: AppProps) {
  useEffect(
    () =>
      onSignedOut(() => {
        queryClient.clear();
        void router.invalidate();
      }),
    [queryClient, router],
  );

  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/** Theme, i18n, query cache and snackbars (also used for the start screens before the router). */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient?: QueryClient;
  children: React.ReactNode;
}) {
  const mode = usePaletteMode();
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const content = (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <AppSnackbarProvider>{children}</AppSnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
  return queryClient ? (
    <QueryClientProvider client={queryClient}>{content}</QueryClientProvider>
  ) : (
    content
  );
}
