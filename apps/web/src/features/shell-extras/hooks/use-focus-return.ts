import { useCallback, useRef, type FocusEvent } from 'react';
import { returnFocus } from '../lib/return-focus';

/**
 * Remembers where the focus came from when it entered an overlay (`onFocus` on the overlay), and
 * gives it back there when the overlay closes (`giveBack(overlay)`, called before it goes).
 */
export function useFocusReturn() {
  const origin = useRef<HTMLElement | null>(null);
  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget;
    // A move inside the overlay keeps the first origin.
    if (from instanceof Node && event.currentTarget.contains(from)) return;
    origin.current = from instanceof HTMLElement ? from : null;
  }, []);
  const giveBack = useCallback((overlay: HTMLElement | null) => {
    returnFocus(overlay, origin.current);
  }, []);
  return { onFocus, giveBack };
}
