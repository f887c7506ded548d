/**
 * Notification calls (step 8, decision 0044): the member's notifications page by page, how many
 * are unread, and marking them read. The header keeps the count live: the socket's `counts` and
 * `notification.new` events, or `live/counts` polled while the socket is down (`live-counts.ts`),
 * write into these cache entries.
 */
import {
  infiniteQueryOptions,
  mutationOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  NotificationCountOutput,
  NotificationListOutput,
  NotificationReadInput,
} from '@attune/contract';
import { authed } from './profile';

/** Query keys of notifications (cleared with the rest of the cache on logout). */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** `GET notifications`: the list, newest first. */
  list: () => [...notificationKeys.all, 'list'] as const,
  /** `GET notifications/count`: the unread count (the `notification` route check loads it). */
  count: () => [...notificationKeys.all, 'count'] as const,
};

/** How often the unread count is read again while the page is visible (until the WebSocket). */
export const NOTIFICATION_COUNT_POLL_MS = 60_000;

/**
 * `GET /api/notifications?cursor=`: the member's notifications, newest first, page by page. Each
 * page also says how many are unread, which updates the header's count.
 */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: async ({ pageParam, client }) => {
      const page = await authed<NotificationListOutput>(
        pageParam ? `notifications?cursor=${encodeURIComponent(pageParam)}` : 'notifications',
      );
      client.setQueryData<NotificationCountOutput>(notificationKeys.count(), {
        unreadCount: page.unreadCount,
      });
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Coming back to the page after a short while shows what came in meanwhile.
    staleTime: 10_000,
  });

/**
 * `GET /api/notifications/count`: how many notifications are unread. Read again every minute
 * while the page is visible (not in a background tab) and when the member comes back to the
 * window.
 */
export const notificationCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.count(),
    queryFn: () => authed<NotificationCountOutput>('notifications/count'),
    // Coming back to the window after a short while reads the count again.
    staleTime: 15_000,
    refetchInterval: NOTIFICATION_COUNT_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });

/** `POST /api/notifications/read`: marks these notifications read, or all without ids. */
export const markNotificationsRead = (input: NotificationReadInput) =>
  authed<NotificationCountOutput>('notifications/read', { method: 'POST', body: input });

/**
 * After marking read: the count takes the server's answer, the cached list shows those
 * notifications (or all) read at once, and the list is read again in the background.
 */
export function applyNotificationsRead(
  queryClient: QueryClient,
  ids: readonly number[] | undefined,
  answer: NotificationCountOutput,
): void {
  queryClient.setQueryData<NotificationCountOutput>(notificationKeys.count(), answer);
  queryClient.setQueryData<InfiniteData<NotificationListOutput, string | undefined>>(
    notificationKeys.list(),
    (old) =>
      old && {
        ...old,
        pages: old.pages.map((page) => ({
          ...page,
          unreadCount: answer.unreadCount,
          items: page.items.map((item) =>
            !ids || ids.includes(item.id) ? { ...item, read: true } : item,
          ),
        })),
      },
  );
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
}

/**
 * Marks notifications read (`ids`, or all when undefined) and refreshes the list and the count.
 * The refresh is part of the mutation, so it still happens when the member has already left the
 * page (a notification's link marks it read on the way to what it points at).
 */
export const markNotificationsReadMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: async (ids: readonly number[] | undefined) => {
      const answer = await markNotificationsRead(ids ? { ids: [...ids] } : {});
      applyNotificationsRead(queryClient, ids, answer);
      return answer;
    },
  });
