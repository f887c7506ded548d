/**
 * The header's counts (unread messages and notifications) and what the live socket's events change
 * in the query cache (step 8). `GET /api/live/counts` gives the first value and the fallback: it is
 * read every minute only while the socket is not open; while it is, `counts` events keep it.
 */
import { queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import {
  LiveCounts,
  type NotificationCountOutput,
  type NotificationListOutput,
  type NotificationOutput,
  type ServerEvent,
} from '@attune/contract';
import { notificationKeys } from './api/notifications';
import { authed } from './api/profile';

/** Query keys of the live counts (cleared with the rest of the cache on logout). */
export const liveKeys = {
  all: ['live'] as const,
  /** `GET live/counts`: `{ messagesUnread, notificationsUnread }`. */
  counts: () => [...liveKeys.all, 'counts'] as const,
};

/** Query keys that belong to the chat page: a `resync` reloads all of them. */
export const CHAT_QUERY_KEY = ['chat'] as const;

/** How often the counts are read while the socket is not open (and the page is visible). */
export const LIVE_COUNTS_POLL_MS = 60_000;

/** Writes both counts where the header reads them: the live counts and the notification count. */
export function applyLiveCounts(queryClient: QueryClient, counts: LiveCounts): void {
  queryClient.setQueryData<LiveCounts>(liveKeys.counts(), counts);
  queryClient.setQueryData<NotificationCountOutput>(notificationKeys.count(), {
    unreadCount: counts.notificationsUnread,
  });
}

/**
 * `GET /api/live/counts`: unread messages and notifications. Polls every minute while the page is
 * visible; the logged layout turns the polling off while the socket is open.
 */
export const liveCountsQueryOptions = () =>
  queryOptions({
    queryKey: liveKeys.counts(),
    queryFn: async ({ client }) => {
      // Checked: these numbers go straight into the header and the bell's cache entry.
      const counts = LiveCounts.parse(await authed<unknown>('live/counts'));
      // Same answer, one request: the bell's count need not be polled on its own.
      client.setQueryData<NotificationCountOutput>(notificationKeys.count(), {
        unreadCount: counts.notificationsUnread,
      });
      return counts;
    },
    staleTime: 15_000,
    refetchInterval: LIVE_COUNTS_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });

/** A new notification goes first in the cached list (the notifications page shows it at once). */
export function prependNotification(
  queryClient: QueryClient,
  notification: NotificationOutput,
): void {
  queryClient.setQueryData<InfiniteData<NotificationListOutput, string | undefined>>(
    notificationKeys.list(),
    (old) => {
      const [first, ...rest] = old?.pages ?? [];
      if (!old || !first) return old;
      if (old.pages.some((page) => page.items.some((item) => item.id === notification.id))) {
        return old;
      }
      return { ...old, pages: [{ ...first, items: [notification, ...first.items] }, ...rest] };
    },
  );
}

/**
 * What one server event changes in the cache: `counts` the header, `notification.new` the
 * notifications list, `resync` (the server could not send all that was missed) reloads the
 * notifications, the chat's lists and the counts. Messages themselves are the chat page's.
 */
export function applyLiveEvent(queryClient: QueryClient, event: ServerEvent): void {
  switch (event.type) {
    case 'counts':
      applyLiveCounts(queryClient, event.counts);
      break;
    case 'notification.new':
      prependNotification(queryClient, event.notification);
      break;
    case 'resync':
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      void queryClient.invalidateQueries({ queryKey: CHAT_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: liveKeys.all });
      break;
    default:
      break;
  }
}
