import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { resolveSnackbar, type SnackbarState } from '../../lib/snackbar';
import { SnackbarContext, type QueuedSnackbar } from './snackbar-context';

// notistack and its styles load with the first snackbar: most pages, the login page among them,
// never show one, and every first visit would otherwise pay for it.
const SnackbarHost = lazy(() => import('./snackbar-host'));

/** Snackbars with the spec's defaults (spec §3); the host that shows them is loaded on first use. */
export function AppSnackbarProvider({ children }: { children: ReactNode }) {
  const [queued, setQueued] = useState<readonly QueuedSnackbar[]>([]);
  const [hostWanted, setHostWanted] = useState(false);
  const nextId = useRef(0);

  const show = useCallback((state: SnackbarState) => {
    const item = { id: nextId.current++, snackbar: resolveSnackbar(state) };
    setQueued((list) => [...list, item]);
    setHostWanted(true);
  }, []);
  const handleShown = useCallback((ids: readonly number[]) => {
    setQueued((list) => list.filter((item) => !ids.includes(item.id)));
  }, []);

  return (
    <SnackbarContext.Provider value={show}>
      {children}
      {hostWanted ? (
        <Suspense fallback={null}>
          <SnackbarHost queued={queued} onShown={handleShown} />
        </Suspense>
      ) : null}
    </SnackbarContext.Provider>
  );
}
