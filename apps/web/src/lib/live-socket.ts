/**
 * The signed-in app's one WebSocket (`/ws`, step 8): live chat messages, notifications and the
 * header's counts. The browser is signed in on it by the httpOnly session cookie `authwp` set, so
 * no token frame is sent. It reconnects with backoff when the connection drops and asks the server
 * for the messages it missed; frames that do not match the contract are ignored.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { ServerEvent, WS_CLOSE, type ClientFrame } from '@attune/contract';

export type LiveStatus = 'connecting' | 'open' | 'offline';
type Listener = (event: ServerEvent) => void;

/** First wait before reconnecting; doubles each failed try up to the most. */
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** A `ping` this often while open; a socket silent for two rounds is taken as dead and replaced. */
export const HEARTBEAT_MS = 30_000;

/** `WebSocket.OPEN`, without reading the global (a test's fake may stand in for it). */
const OPEN = 1;

let createSocket: (url: string) => WebSocket = (url) => new WebSocket(url);

const listeners = new Set<Listener>();
const statusListeners = new Set<() => void>();
let status: LiveStatus = 'offline';
let started = false;
let socket: WebSocket | null = null;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let heartbeatTimer: ReturnType<typeof setInterval> | undefined;
let lastFrameAt = 0;
/** The newest message id seen in a `message.new`, for `resume` after a reconnect (0: none yet). */
let lastMessageId = 0;

/** Tests only: how sockets are made (a fake instead of the browser's WebSocket); null restores it. */
export function setWebSocketFactory(factory: ((url: string) => WebSocket) | null): void {
  createSocket = factory ?? ((url) => new WebSocket(url));
}

/** `/ws` on this page's host, `wss:` when the page came over https. */
export function liveSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/ws`;
}

function setStatus(next: LiveStatus): void {
  if (next === status) return;
  status = next;
  statusListeners.forEach((listener) => listener());
}

/** Listens to every valid server event until the returned function is called. */
export function subscribeLive(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** React hook: the listener (its latest version, kept in a ref) hears every server event while mounted. */
export function useLiveEvent(listener: Listener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribeLive((event) => latest.current(event)), []);
}

/** Sends a frame; false when the socket is not open (the caller decides whether that matters). */
export function sendLive(frame: ClientFrame): boolean {
  if (!socket || socket.readyState !== OPEN) return false;
  socket.send(JSON.stringify(frame));
  return true;
}

/** The connection's state now: `open` once the server said `ready`. */
export function getLiveStatus(): LiveStatus {
  return status;
}

function subscribeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
}

/** React hook: the connection's state, re-rendering when it changes. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeStatus, getLiveStatus, getLiveStatus);
}

/** Opens the connection (idempotent); the logged layout calls it when it mounts. */
export function startLive(): void {
  if (started) return;
  started = true;
  attempt = 0;
  window.addEventListener('online', handleOnline);
  connect();
}

/** Closes the connection and forgets what it saw (the next start may be another member). */
export function stopLive(): void {
  // Not guarded by `started`: after a 4401 the socket stopped itself, and what it saw still goes.
  started = false;
  window.removeEventListener('online', handleOnline);
  clearTimeout(retryTimer);
  retryTimer = undefined;
  dropSocket();
  lastMessageId = 0;
  attempt = 0;
  setStatus('offline');
}

function connect(): void {
  retryTimer = undefined;
  setStatus('connecting');
  let next: WebSocket;
  try {
    next = createSocket(liveSocketUrl());
  } catch {
    scheduleReconnect();
    return;
  }
  socket = next;
  lastFrameAt = Date.now();
  next.onmessage = (message: MessageEvent) => {
    if (socket === next) handleFrame(message.data);
  };
  next.onclose = (event: CloseEvent) => {
    if (socket !== next) return;
    socket = null;
    stopHeartbeat();
    if (event.code === WS_CLOSE.unauthorized) {
      // Signed out (or never signed in) on the server: no retry loop. The next sign-in or page
      // load starts again; meanwhile the header's counts fall back to polling.
      started = false;
      window.removeEventListener('online', handleOnline);
      setStatus('offline');
      return;
    }
    scheduleReconnect();
  };
  // An error is always followed by close, which decides what happens next.
  next.onerror = () => {};
}

function handleFrame(data: unknown): void {
  lastFrameAt = Date.now();
  if (typeof data !== 'string') return;
  let parsed: ServerEvent;
  try {
    const result = ServerEvent.safeParse(JSON.parse(data));
    if (!result.success) return;
    parsed = result.data;
  } catch {
    return;
  }
  if (parsed.type === 'ready') {
    attempt = 0;
    setStatus('open');
    startHeartbeat();
    // After a reconnect: what came while away. The server answers `resync` if that is too much.
    if (lastMessageId > 0) sendLive({ type: 'resume', since: lastMessageId });
  } else if (parsed.type === 'message.new') {
    lastMessageId = Math.max(lastMessageId, parsed.message.id);
  }
  for (const listener of [...listeners]) {
    try {
      listener(parsed);
    } catch (error) {
      // One broken listener must not keep the event from the others.
      console.error(error);
    }
  }
}

/** Waits 1 s, 2 s, 4 s … up to 30 s, each between half and all of it, so tabs do not come back at once. */
export function reconnectDelay(tries: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** tries);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

function scheduleReconnect(): void {
  setStatus('offline');
  if (!started || retryTimer !== undefined) return;
  retryTimer = setTimeout(connect, reconnectDelay(attempt));
  attempt += 1;
}

/** Back online: try now rather than at the end of a long wait. */
function handleOnline(): void {
  if (!started || socket) return;
  clearTimeout(retryTimer);
  attempt = 0;
  connect();
}

function startHeartbeat(): void {
  stopHeartbeat();
  heartbeatTimer = setInterval(() => {
    // A laptop that slept or a network that changed can leave a socket that never closes.
    if (Date.now() - lastFrameAt > 2 * HEARTBEAT_MS + 10_000) {
      dropSocket();
      scheduleReconnect();
      return;
    }
    sendLive({ type: 'ping' });
  }, HEARTBEAT_MS);
}

function stopHeartbeat(): void {
  clearInterval(heartbeatTimer);
  heartbeatTimer = undefined;
}

/** Closes the current socket without letting its close event start a reconnect. */
function dropSocket(): void {
  stopHeartbeat();
  const old = socket;
  socket = null;
  if (!old) return;
  old.onmessage = null;
  old.onclose = null;
  old.onerror = null;
  try {
    old.close(1000);
  } catch {
    // Already closed.
  }
}
