import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WS_CLOSE, type ServerEvent } from '@attune/contract';
import {
  getLiveStatus,
  reconnectDelay,
  sendLive,
  setWebSocketFactory,
  startLive,
  stopLive,
  subscribeLive,
  useLiveEvent,
  useLiveStatus,
} from './live-socket';

/**
 * A stand-in for the browser's WebSocket (the browser's API, not ours): records what was sent and
 * lets the test play the server.
 */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  /** The server accepted the connection and signed the member in. */
  accept() {
    this.readyState = 1;
    this.receive({ type: 'ready', userId: 7 });
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  /** The connection ended (from the server's side or the network's). */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;

const message = (id: number) =>
  ({
    type: 'message.new',
    threadId: 3,
    message: {
      id,
      threadId: 3,
      senderId: 9,
      text: 'Hello',
      image: null,
      automatic: false,
      createdAt: '2026-12-01T10:00:00.000Z',
    },
  }) satisfies ServerEvent;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  setWebSocketFactory((url) => new FakeSocket(url) as unknown as WebSocket);
});

afterEach(() => {
  stopLive();
  setWebSocketFactory(null);
  vi.useRealTimers();
});

describe('live socket', () => {
  it('opens one socket to /ws on this host, however often it is started', () => {
    startLive();
    startLive();
    expect(FakeSocket.all).toHaveLength(1);
    expect(latest().url).toBe(`ws://${window.location.host}/ws`);
    expect(getLiveStatus()).toBe('connecting');
    latest().accept();
    expect(getLiveStatus()).toBe('open');
  });

  it('hands valid server events to listeners and ignores frames that do not match the contract', () => {
    const heard: ServerEvent[] = [];
    const unsubscribe = subscribeLive((event) => heard.push(event));
    startLive();
    latest().accept();
    latest().receive({ type: 'counts', counts: { messagesUnread: 2, notificationsUnread: 1 } });
    latest().receive({ type: 'counts', counts: { messagesUnread: 'two' } });
    latest().receive({ type: 'something.else' });
    latest().receive('not json {');
    expect(heard.map((event) => event.type)).toEqual(['ready', 'counts']);

    unsubscribe();
    latest().receive({ type: 'pong' });
    expect(heard).toHaveLength(2);
  });

  it('keeps giving events to the others when one listener throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const heard: string[] = [];
    const offBroken = subscribeLive(() => {
      throw new Error('broken');
    });
    const offGood = subscribeLive((event) => heard.push(event.type));
    startLive();
    latest().accept();
    expect(heard).toEqual(['ready']);
    expect(error).toHaveBeenCalled();
    offBroken();
    offGood();
    error.mockRestore();
  });

  it('sends frames only while the socket is open', () => {
    expect(sendLive({ type: 'typing', threadId: 3 })).toBe(false);
    startLive();
    expect(sendLive({ type: 'typing', threadId: 3 })).toBe(false);
    latest().accept();
    expect(sendLive({ type: 'typing', threadId: 3 })).toBe(true);
    expect(latest().sent).toEqual([{ type: 'typing', threadId: 3 }]);
  });

  it('reconnects with growing waits, and asks for what it missed since the newest message', () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    startLive();
    latest().accept();
    latest().receive(message(41));
    latest().receive(message(40));

    latest().drop();
    expect(getLiveStatus()).toBe('offline');
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(getLiveStatus()).toBe('connecting');

    // The next try fails too: twice the wait.
    latest().drop();
    vi.advanceTimersByTime(1_999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);

    latest().accept();
    expect(latest().sent).toEqual([{ type: 'resume', since: 41 }]);

    // Once open again, the wait starts over at a second.
    latest().drop();
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all).toHaveLength(4);
    vi.mocked(Math.random).mockRestore();
  });

  it('sends no resume when no message was seen', () => {
    startLive();
    latest().accept();
    latest().drop();
    vi.advanceTimersByTime(1_000);
    latest().accept();
    expect(latest().sent).toEqual([]);
  });

  it('waits 1 s doubling to 30 s, each between half and all of it', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1_000);
    expect(reconnectDelay(3, () => 1)).toBe(8_000);
    expect(reconnectDelay(10, () => 1)).toBe(30_000);
    expect(reconnectDelay(10, () => 0)).toBe(15_000);
  });

  it('stops trying when the server says the member is not signed in, until started again', () => {
    startLive();
    latest().accept();
    latest().receive(message(12));
    latest().drop(WS_CLOSE.unauthorized);
    expect(getLiveStatus()).toBe('offline');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    // The next sign-in (the logged layout mounts again) starts over.
    stopLive();
    startLive();
    expect(FakeSocket.all).toHaveLength(2);
    // Maybe another member: nothing of the last session is asked for.
    latest().accept();
    expect(latest().sent).toEqual([]);
  });

  it('closes the socket on stop, forgets the newest message and never reconnects', () => {
    startLive();
    latest().accept();
    latest().receive(message(5));
    const first = latest();
    stopLive();
    expect(first.closedWith).toBe(1000);
    expect(getLiveStatus()).toBe('offline');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    startLive();
    latest().accept();
    expect(latest().sent).toEqual([]);
  });

  it('pings while open and replaces a socket that went silent', () => {
    startLive();
    latest().accept();
    vi.advanceTimersByTime(30_000);
    expect(latest().sent).toEqual([{ type: 'ping' }]);
    latest().receive({ type: 'pong' });
    vi.advanceTimersByTime(30_000);
    expect(latest().sent).toHaveLength(2);

    // No answer for over two rounds: a new socket.
    const silent = latest();
    vi.advanceTimersByTime(60_000);
    expect(silent.closedWith).toBe(1000);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('tries at once when the browser comes back online', () => {
    startLive();
    latest().drop();
    vi.advanceTimersByTime(500);
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('gives React the status and the latest listener', () => {
    const { result } = renderHook(() => useLiveStatus());
    expect(result.current).toBe('offline');
    const heard: string[] = [];
    const { rerender, unmount } = renderHook(
      ({ tag }: { tag: string }) => useLiveEvent((event) => heard.push(`${tag}:${event.type}`)),
      { initialProps: { tag: 'first' } },
    );
    act(() => startLive());
    expect(result.current).toBe('connecting');
    act(() => latest().accept());
    expect(result.current).toBe('open');
    rerender({ tag: 'second' });
    act(() => latest().receive({ type: 'pong' }));
    expect(heard).toEqual(['first:ready', 'second:pong']);
    unmount();
    act(() => latest().receive({ type: 'pong' }));
    expect(heard).toHaveLength(2);
  });
});
