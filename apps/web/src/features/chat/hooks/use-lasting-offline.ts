import { useEffect, useState } from 'react';
import { useLiveStatus } from '../../../lib/live-socket';

/** How long the live connection must be down before the page says so. */
export const OFFLINE_NOTICE_MS = 5_000;

/**
 * Whether the live connection has been down for a while: a short drop (a reconnect, the page
 * just opening) is not worth telling the member about; a lasting one is, since nothing else would
 * show that new messages are not coming in.
 */
export function useLastingOffline(): boolean {
  const offline = useLiveStatus() === 'offline';
  const [lasting, setLasting] = useState(false);
  useEffect(() => {
    if (!offline) return;
    const timer = setTimeout(() => setLasting(true), OFFLINE_NOTICE_MS);
    // Back online (or gone): the next drop waits its while again.
    return () => {
      clearTimeout(timer);
      setLasting(false);
    };
  }, [offline]);
  return offline && lasting;
}
