import { useEffect, useState } from 'react';

/** How long typing must pause before a search runs. */
export const SEARCH_DEBOUNCE_MS = 400;

/**
 * The value once it has stayed the same for `delay` ms: a search field asks the server when the
 * member pauses, not at every key (and the result count is not announced at every key either).
 */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
