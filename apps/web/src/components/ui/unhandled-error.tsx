import { useSyncExternalStore } from 'react';
import { currentUnhandledError, subscribeUnhandledError } from '../../lib/unhandled-errors';

/**
 * Throws the unhandled error `lib/unhandled-errors.ts` caught, during render, so the route's error
 * boundary shows the error page in place of the page (spec §2). Renders nothing otherwise.
 */
export function ThrowUnhandledError() {
  const captured = useSyncExternalStore(subscribeUnhandledError, currentUnhandledError);
  if (captured) throw captured.error;
  return null;
}
