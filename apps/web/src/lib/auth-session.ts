import { REFRESH_MUTATION, type RefreshResult } from '@attune/contract';
import { clearAuthToken, readAuthToken, secondsLeft, writeAuthToken } from './auth-token';
import { anonymousGraphqlClient, GraphqlError } from './graphql-client';
import { ApiError } from './rest-client';

/** Refresh this many seconds before the JWT expires (the JWT lives 15 minutes). */
const REFRESH_LEAD_SECONDS = 60;
/** A token with less time left than this is refreshed before it is used. */
const MIN_USABLE_SECONDS = 15;
/** After a network failure, try again this much later. */
const NETWORK_RETRY_MS = 30_000;
const UNAUTHORIZED_CODES = new Set([
  'unauthorized',
  'token_expired',
  'token_invalid',
  'session_revoked',
]);

let timer: ReturnType<typeof setTimeout> | undefined;
let scheduledFor: string | null = null;
let refreshing: Promise<string | null> | null = null;
const signedOutListeners = new Set<() => void>();

/** Runs the listener whenever the session ends in this tab (logout, failed refresh, cookie gone). */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/** Saves a fresh auth token and plans its silent refresh. */
export function startSession(token: string): void {
  writeAuthToken(token);
  scheduleRefresh(token);
}

/** Forgets the auth token in this browser and tells listeners; the server session is not touched. */
export function endSessionLocally(): void {
  clearTimeout(timer);
  timer = undefined;
  scheduledFor = null;
  const hadToken = readAuthToken() !== null;
  clearAuthToken();
  if (hadToken) signedOutListeners.forEach((listener) => listener());
}

/** A usable auth token (refreshed first when it is about to expire), or null when signed out. */
export async function getValidAuthToken(): Promise<string | null> {
  const token = readAuthToken();
  if (!token) return null;
  if (secondsLeft(token) > MIN_USABLE_SECONDS) {
    if (scheduledFor !== token) scheduleRefresh(token);
    return token;
  }
  return refreshAuthToken(token);
}

/**
 * Gets a new auth token with the httpOnly refresh cookie. One refresh at a time, across tabs too:
 * a token another tab already renewed is adopted instead of spending the rotating refresh token twice.
 */
export function refreshAuthToken(rejected?: string): Promise<string | null> {
  refreshing ??= withRefreshLock(() => runRefresh(rejected)).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function runRefresh(rejected: string | undefined): Promise<string | null> {
  const current = readAuthToken();
  if (!current) {
    endSessionLocally();
    return null;
  }
  if (current !== rejected && secondsLeft(current) > REFRESH_LEAD_SECONDS + 5) {
    scheduleRefresh(current);
    return current;
  }
  try {
    const data = await anonymousGraphqlClient.request<RefreshResult>(
      REFRESH_MUTATION,
      { input: {} },
      { credentials: 'include' },
    );
    startSession(data.refreshJwtAuthToken.authToken);
    return data.refreshJwtAuthToken.authToken;
  } catch (error) {
    // Only the server saying the session is over signs the member out. A lost connection, a
    // request the browser aborted (the page was left mid-refresh) or a busy server keep the
    // cookie: the next page or the planned retry tries again, and the member stays signed in.
    if (isUnauthorized(error)) {
      endSessionLocally();
      return null;
    }
    clearTimeout(timer);
    timer = setTimeout(() => void refreshAuthToken(), NETWORK_RETRY_MS);
    return secondsLeft(current) > 0 ? current : null;
  }
}

function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return task();
  return locks.request('attune-auth-refresh', () => task()) as Promise<T>;
}

function scheduleRefresh(token: string): void {
  clearTimeout(timer);
  timer = undefined;
  scheduledFor = token;
  const left = secondsLeft(token);
  if (!Number.isFinite(left)) return;
  const delay = Math.max(0, (left - REFRESH_LEAD_SECONDS) * 1000);
  timer = setTimeout(() => void refreshAuthToken(), delay);
}

/** True for answers that mean "your token is not accepted". */
export function isUnauthorized(error: unknown): boolean {
  if (error instanceof ApiError || error instanceof GraphqlError) {
    return error.status === 401 || UNAUTHORIZED_CODES.has(error.code ?? '');
  }
  return false;
}

/** Runs an authenticated call; on a 401 it refreshes the token once and tries again. */
export async function withAuthRetry<T>(call: () => Promise<T>): Promise<T> {
  const token = await getValidAuthToken();
  try {
    return await call();
  } catch (error) {
    if (!token || !isUnauthorized(error)) throw error;
    const fresh = await refreshAuthToken(token);
    if (!fresh) throw error;
    return call();
  }
}

/**
 * Plans the refresh of the token found at start and checks again when the tab becomes visible
 * (timers sleep in background tabs).
 */
export function startSessionKeepAlive(): void {
  const token = readAuthToken();
  if (token) scheduleRefresh(token);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    const current = readAuthToken();
    if (current && secondsLeft(current) <= REFRESH_LEAD_SECONDS) void refreshAuthToken();
  });
}
