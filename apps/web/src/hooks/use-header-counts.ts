import { useQuery } from '@tanstack/react-query';
import { LIVE_COUNTS_POLL_MS, liveCountsQueryOptions } from '../lib/live-counts';
import { useLiveStatus } from '../lib/live-socket';
import { notificationCountQueryOptions } from '../lib/api/notifications';

export interface HeaderCounts {
  /** Unread notifications; undefined while unknown. */
  notifications: number | undefined;
  /** Unread chat messages; undefined while unknown. */
  chat: number | undefined;
}

/**
 * The header's unread counts from the query cache. While the live socket is open its `counts`
 * events keep them; otherwise `GET live/counts` is read every minute (while the page is visible)
 * and when the member comes back to the window, and that one answer sets both counts.
 */
export function useHeaderCounts(): HeaderCounts {
  const live = useLiveStatus() === 'open';
  const counts = useQuery({
    ...liveCountsQueryOptions(),
    refetchInterval: live ? false : LIVE_COUNTS_POLL_MS,
    refetchOnWindowFocus: !live,
  }).data;
  // Kept by the live counts, by the notifications list and by marking read; not polled itself.
  const notifications = useQuery({
    ...notificationCountQueryOptions(),
    refetchInterval: false,
    refetchOnWindowFocus: false,
  }).data?.unreadCount;
  return { notifications, chat: counts?.messagesUnread };
}
