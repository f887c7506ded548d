import type { InfiniteData } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationListOutput } from '@attune/contract';
import { jsonResponse, useTestConfig } from '../test/config';
import { notificationFixture } from '../test/notification-fixtures';
import {
  applyNotificationsRead,
  notificationCountQueryOptions,
  notificationKeys,
  notificationsQueryOptions,
} from './api/notifications';
import { createQueryClient } from './query-client';

beforeEach(() => {
  useTestConfig();
});

describe('notifications api', () => {
  it('polls the count every minute, only while the page is visible, and on coming back', () => {
    expect(notificationCountQueryOptions()).toMatchObject({
      queryKey: ['notifications', 'count'],
      refetchInterval: 60_000,
      refetchIntervalInBackground: false,
      refetchOnWindowFocus: true,
    });
  });

  it('reads pages by cursor, and each page updates the count', async () => {
    const fetchMock = vi.fn(async (address: string) =>
      jsonResponse({
        items: [notificationFixture()],
        nextCursor: address.includes('cursor') ? null : 'abc/1',
        unreadCount: address.includes('cursor') ? 4 : 3,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();
    await queryClient.fetchInfiniteQuery(notificationsQueryOptions());
    expect(queryClient.getQueryData(notificationKeys.count())).toEqual({ unreadCount: 3 });
    await queryClient.fetchInfiniteQuery({
      ...notificationsQueryOptions(),
      pages: 2,
      staleTime: 0,
    });
    expect(fetchMock.mock.calls.map(([address]) => address)).toContain(
      '/api/notifications?cursor=abc%2F1',
    );
    expect(queryClient.getQueryData(notificationKeys.count())).toEqual({ unreadCount: 4 });
  });

  it('shows marked notifications read at once and takes the count from the answer', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ items: [], nextCursor: null })),
    );
    const queryClient = createQueryClient();
    const page: NotificationListOutput = {
      items: [notificationFixture({ id: 2 }), notificationFixture({ id: 1 })],
      nextCursor: null,
      unreadCount: 2,
    };
    queryClient.setQueryData(notificationKeys.list(), { pages: [page], pageParams: [undefined] });
    applyNotificationsRead(queryClient, [2], { unreadCount: 1 });
    const list = queryClient.getQueryData<InfiniteData<NotificationListOutput>>(
      notificationKeys.list(),
    );
    expect(list?.pages[0]?.items.map((item) => item.read)).toEqual([true, false]);
    expect(list?.pages[0]?.unreadCount).toBe(1);
    expect(queryClient.getQueryData(notificationKeys.count())).toEqual({ unreadCount: 1 });
    expect(queryClient.getQueryState(notificationKeys.list())?.isInvalidated).toBe(true);
  });
});
