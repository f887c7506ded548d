import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { applyThreadRead, markThreadRead } from '../../../lib/api/chat';

/** Whether the page is shown (not a background tab or a minimised window). */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * Marks the open conversation read while the member can see it: when it opens with unread
 * messages, and whenever a newer message from someone else arrives (also once the member comes
 * back to a tab that was in the background). Each newest message is reported once.
 */
export function useMarkRead(
  threadId: number,
  /** The newest message from someone else, once the conversation is loaded. */
  newestIncomingId: number | undefined,
  /** Unread messages the server counted when the conversation loaded. */
  unreadCount: number | undefined,
): void {
  const queryClient = useQueryClient();
  const visible = usePageVisible();
  /** The newest incoming message known to be read, per conversation. */
  const readUpTo = useRef<{ threadId: number; id: number } | null>(null);

  useEffect(() => {
    if (newestIncomingId === undefined || unreadCount === undefined) return;
    if (readUpTo.current?.threadId !== threadId) {
      // Opened: read already unless the server counts unread ones.
      readUpTo.current = { threadId, id: unreadCount > 0 ? 0 : newestIncomingId };
    }
    if (!visible || newestIncomingId <= readUpTo.current.id) return;
    readUpTo.current = { threadId, id: newestIncomingId };
    markThreadRead(threadId)
      .then((answer) => applyThreadRead(queryClient, threadId, answer.totalUnread))
      .catch(() => {
        // A hint for the other side; the next message or visit tries again.
        if (readUpTo.current?.threadId === threadId) readUpTo.current = { threadId, id: 0 };
      });
  }, [threadId, newestIncomingId, unreadCount, visible, queryClient]);
}
