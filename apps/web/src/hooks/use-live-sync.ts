import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { onSignedOut } from '../lib/auth-session';
import { applyLiveEvent } from '../lib/live-counts';
import { startLive, stopLive, subscribeLive } from '../lib/live-socket';
import { notificationKeys } from '../lib/api/notifications';

/**
 * Keeps the live socket open while the signed-in layout is shown (closed on unmount and when the
 * session ends in this tab) and writes its events into the query cache: the header's counts, new
 * notifications, a resync. Back after a drop, the notifications list is read again, since the
 * server's `resume` brings back missed messages only.
 */
export function useLiveSync(queryClient: QueryClient): void {
  useEffect(() => {
    let readyBefore = false;
    const unsubscribe = subscribeLive((event) => {
      if (event.type === 'ready') {
        if (readyBefore) void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
        readyBefore = true;
      }
      applyLiveEvent(queryClient, event);
    });
    const stopOnSignOut = onSignedOut(stopLive);
    startLive();
    return () => {
      stopOnSignOut();
      unsubscribe();
      stopLive();
    };
  }, [queryClient]);
}
