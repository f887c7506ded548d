import { useSyncExternalStore, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { isStartupLoadingVisible, subscribeStartupLoading } from '../../lib/startup';
import { LoadingScreen } from './loading-screen';

/** Whether the start-up loading screen is still up (lib/startup.ts decides when it goes). */
function useStartupLoadingVisible(): boolean {
  return useSyncExternalStore(subscribeStartupLoading, isStartupLoadingVisible);
}

/**
 * The start-up loading screen (spec §1, §4) above the app. It sits outside the router, so it is on
 * screen from the app's first render, before any route has loaded: no gap after index.html's copy.
 */
export function StartupLoadingOverlay() {
  const { t } = useTranslation();
  if (!useStartupLoadingVisible()) return null;
  return (
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        backgroundColor: 'background.default',
      }}
    >
      <LoadingScreen label={t('app.loading')} landmark={false} />
    </Box>
  );
}

/** The page under the start-up loading screen: rendered (its data loads meanwhile) but inert. */
export function UnderStartupLoading({ children }: { children: ReactNode }) {
  const covered = useStartupLoadingVisible();
  return (
    <Box inert={covered || undefined} aria-hidden={covered || undefined}>
      {children}
    </Box>
  );
}
