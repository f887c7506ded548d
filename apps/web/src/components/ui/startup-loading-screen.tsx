import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { DURATIONS } from '@attune/contract';
import { loadingScreenElapsed } from '../../lib/startup';
import { LoadingScreen } from './loading-screen';

/**
 * The loading screen of spec §1, §4: visible at start (main.tsx shows it before the app loads), hidden
 * 1000 ms after it appeared; then the page shows. The page renders underneath meanwhile (inert), so its data loads in parallel.
 */
export function StartupLoadingScreen({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() => loadingScreenElapsed() < DURATIONS.loadingScreenMs);

  useEffect(() => {
    if (!visible) return;
    const timer = window.setTimeout(
      () => setVisible(false),
      Math.max(0, DURATIONS.loadingScreenMs - loadingScreenElapsed()),
    );
    return () => window.clearTimeout(timer);
  }, [visible]);

  return (
    <>
      {visible ? (
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
      ) : null}
      <Box inert={visible || undefined} aria-hidden={visible || undefined}>
        {children}
      </Box>
    </>
  );
}
