import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setWebSocketFactory, startLive, stopLive } from '../lib/live-socket';
import { createQueryClient } from '../lib/query-client';
import { jsonResponse, useTestConfig } from '../test/config';
import { useHeaderCounts } from './use-header-counts';

/** A socket the test opens by playing the server's `ready`; it answers each ping. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    if ((JSON.parse(data) as { type: string }).type === 'ping') {
      this.onmessage?.({ data: JSON.stringify({ type: 'pong' }) });
    }
  }
  close() {}
}

beforeEach(() => {
  useTestConfig();
  vi.useFakeTimers({ shouldAdvanceTime: true });
  FakeSocket.all = [];
  setWebSocketFactory(() => new FakeSocket() as unknown as WebSocket);
});

afterEach(() => {
  stopLive();
  setWebSocketFactory(null);
  vi.useRealTimers();
});

describe('useHeaderCounts', () => {
  it('reads the counts each minute while the socket is not open, and not while it is', async () => {
    const fetchMock = vi.fn(async (address: string) =>
      address === '/api/live/counts'
        ? jsonResponse({ messagesUnread: 2, notificationsUnread: 5 })
        : jsonResponse({ unreadCount: 5 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result, unmount } = renderHook(() => useHeaderCounts(), { wrapper });
    await waitFor(() => expect(result.current).toEqual({ notifications: 5, chat: 2 }));
    const countsReads = () =>
      fetchMock.mock.calls.filter(([address]) => address === '/api/live/counts').length;
    expect(countsReads()).toBe(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(countsReads()).toBe(2);

    act(() => {
      startLive();
      FakeSocket.all[0]!.readyState = 1;
      FakeSocket.all[0]!.onmessage?.({ data: JSON.stringify({ type: 'ready', userId: 1 }) });
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(180_000);
    });
    expect(countsReads()).toBe(2);
    // The bell's own count is never polled: the counts answer sets it.
    expect(fetchMock.mock.calls.filter(([a]) => a === '/api/notifications/count').length).toBe(
      fetchMock.mock.calls.length - countsReads(),
    );
    unmount();
  });
});
