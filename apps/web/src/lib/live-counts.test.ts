import type { InfiniteData } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationListOutput } from '@attune/contract';
import { jsonResponse, useTestConfig } from '../test/config';
import { notificationFixture } from '../test/notification-fixtures';
import { applyLiveEvent, liveCountsQueryOptions, liveKeys } from './live-counts';
import { notificationKeys } from './api/notifications';
import { createQueryClient } from './query-client';

beforeEach(() => {
  useTestConfig();
});

type ListData = InfiniteData<NotificationListOutput, string | undefined>;

/** A cached notifications list of two pages. */
function withList() {
  const queryClient = createQueryClient();
  queryClient.setQueryData<ListData>(notificationKeys.list(), {
    pages: [
      { items: [notificationFixture({ id: 2 })], nextCursor: 'c', unreadCount: 1 },
      { items: [notificationFixture({ id: 1 })], nextCursor: null, unreadCount: 1 },
    ],
    pageParams: [undefined, 'c'],
  });
  return queryClient;
}

describe('live counts', () => {
  it('reads GET /api/live/counts, polling each minute only while the page is visible', async () => {
    expect(liveCountsQueryOptions()).toMatchObject({
      queryKey: ['live', 'counts'],
      refetchInterval: 60_000,
      refetchIntervalInBackground: false,
    });
    const fetchMock = vi.fn(async (_address: string) =>
      jsonResponse({ messagesUnread: 4, notificationsUnread: 2 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();
    await expect(queryClient.fetchQuery(liveCountsQueryOptions())).resolves.toEqual({
      messagesUnread: 4,
      notificationsUnread: 2,
    });
    expect(fetchMock.mock.calls.map(([address]) => address)).toEqual(['/api/live/counts']);
    // One answer for both: the bell's count is set too.
    expect(queryClient.getQueryData(notificationKeys.count())).toEqual({ unreadCount: 2 });
  });

  it('refuses an answer that is not the counts, and leaves the bell as it was', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ data: { viewer: null } })),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData(notificationKeys.count(), { unreadCount: 3 });
    await expect(
      queryClient.fetchQuery({ ...liveCountsQueryOptions(), retry: false }),
    ).rejects.toThrow();
    expect(queryClient.getQueryData(notificationKeys.count())).toEqual({ unreadCount: 3 });
  });

  it('writes a counts event where the header reads both counts', () => {
    const queryClient = createQueryClient();
    applyLiveEvent(queryClient, {
      type: 'counts',
      counts: { messagesUnread: 5, notificationsUnread: 7 },
    });
    expect(queryClient.getQueryData(liveKeys.counts())).toEqual({
      messagesUnread: 5,
      notificationsUnread: 7,
    });
    expect(queryClient.getQueryData(notificationKeys.count())).toEqual({ unreadCount: 7 });
  });

  it('puts a new notification first in the cached list, once', () => {
    const queryClient = withList();
    const fresh = notificationFixture({ id: 3, kind: 'mention' });
    applyLiveEvent(queryClient, { type: 'notification.new', notification: fresh });
    applyLiveEvent(queryClient, { type: 'notification.new', notification: fresh });
    const list = queryClient.getQueryData<ListData>(notificationKeys.list())!;
    expect(list.pages.map((page) => page.items.map((item) => item.id))).toEqual([[3, 2], [1]]);
  });

  it('leaves an unread list alone (the page reads it when opened)', () => {
    const queryClient = createQueryClient();
    applyLiveEvent(queryClient, { type: 'notification.new', notification: notificationFixture() });
    expect(queryClient.getQueryData(notificationKeys.list())).toBeUndefined();
  });

  it("reloads notifications, the chat's lists and the counts on resync", () => {
    const queryClient = withList();
    queryClient.setQueryData(notificationKeys.count(), { unreadCount: 1 });
    queryClient.setQueryData(['chat', 'inbox', ''], { items: [] });
    queryClient.setQueryData(liveKeys.counts(), { messagesUnread: 0, notificationsUnread: 1 });
    queryClient.setQueryData(['groups', 'me'], { items: [] });
    applyLiveEvent(queryClient, { type: 'resync' });
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(notificationKeys.list())).toBe(true);
    expect(stale(notificationKeys.count())).toBe(true);
    expect(stale(['chat', 'inbox', ''])).toBe(true);
    expect(stale(liveKeys.counts())).toBe(true);
    expect(stale(['groups', 'me'])).toBe(false);
  });

  it('leaves messages to the chat page', () => {
    const queryClient = withList();
    const before = queryClient.getQueryCache().getAll().length;
    applyLiveEvent(queryClient, {
      type: 'typing',
      threadId: 1,
      member: { id: 2, nickname: 'a', name: 'A', avatarUrl: null },
    });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(before);
  });
});
