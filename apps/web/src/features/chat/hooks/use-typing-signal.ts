import { useCallback, useRef } from 'react';
import { sendLive } from '../../../lib/live-socket';

/** At most one "typing" frame per this many ms while the member types. */
export const TYPING_SIGNAL_MS = 3_000;

/**
 * Tells the others in the conversation that the member is typing: call on every change of the
 * text; a frame goes out at most every 3 s (none for a conversation not started yet).
 */
export function useTypingSignal(threadId: number | undefined, now: () => number = Date.now) {
  const lastSent = useRef<number | null>(null);
  return useCallback(() => {
    if (threadId === undefined) return;
    const time = now();
    if (lastSent.current !== null && time - lastSent.current < TYPING_SIGNAL_MS) return;
    // Only counted when the socket took it, so the first key after a reconnect is sent.
    if (sendLive({ type: 'typing', threadId })) lastSent.current = time;
  }, [threadId, now]);
}
