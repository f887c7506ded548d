import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveKeys } from '../lib/live-counts';
import { getLiveStatus, setWebSocketFactory } from '../lib/live-socket';
import { notificationKeys } from '../lib/api/notifications';
import { createQueryClient } from '../lib/query-client';
import { useLiveSync } from './use-live-sync';

/** The smallest stand-in for the browser's WebSocket: the test plays the server. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeSocket.all.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  receive(frame: unknown) {
    this.readyState = 1;
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}
const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  setWebSocketFactory(() => new FakeSocket() as unknown as WebSocket);
});

afterEach(() => {
  setWebSocketFactory(null);
  vi.useRealTimers();
});

describe('useLiveSync', () => {
  it('opens the socket while mounted and writes its counts into the cache', () => {
    const queryClient = createQueryClient();
    const { unmount } = renderHook(() => useLiveSync(queryClient));
    expect(FakeSocket.all).toHaveLength(1);
    act(() => {
      latest().receive({ type: 'ready', userId: 1 });
      latest().receive({ type: 'counts', counts: { messagesUnread: 4, notificationsUnread: 1 } });
    });
    expect(getLiveStatus()).toBe('open');
    expect(queryClient.getQueryData(liveKeys.counts())).toEqual({
      messagesUnread: 4,
      notificationsUnread: 1,
    });
    expect(queryClient.getQueryData(notificationKeys.count())).toEqual({ unreadCount: 1 });

    unmount();
    expect(latest().readyState).toBe(3);
    expect(getLiveStatus()).toBe('offline');
  });

  it('reads the notifications list again when back after a drop', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(notificationKeys.list(), { pages: [], pageParams: [] });
    const { unmount } = renderHook(() => useLiveSync(queryClient));
    act(() => latest().receive({ type: 'ready', userId: 1 }));
    expect(queryClient.getQueryState(notificationKeys.list())?.isInvalidated).toBe(false);

    act(() => latest().onclose?.({ code: 1006 }));
    act(() => vi.advanceTimersByTime(1_000));
    act(() => latest().receive({ type: 'ready', userId: 1 }));
    expect(FakeSocket.all).toHaveLength(2);
    expect(queryClient.getQueryState(notificationKeys.list())?.isInvalidated).toBe(true);
    unmount();
  });
});
