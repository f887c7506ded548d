import { useEffect } from 'react';
import { setTitleCount } from '../lib/document-title';

/**
 * Shows an unread count in front of the tab's title ("(3) Home – Attune") while the component is
 * shown; a gentle visual cue when something new comes in, never a sound.
 */
export function useTitleCount(count: number | undefined): void {
  useEffect(() => {
    setTitleCount(count ?? 0);
  }, [count]);
  useEffect(() => () => setTitleCount(0), []);
}
