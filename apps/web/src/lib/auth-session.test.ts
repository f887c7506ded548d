import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_MUTATION } from '@attune/contract';
import { jsonResponse, testConfig, useTestConfig } from '../test/config';
import { endSessionLocally, getValidAuthToken, onSignedOut, withAuthRetry } from './auth-session';
import { readAuthToken, writeAuthToken } from './auth-token';
import { ApiError } from './rest-client';

function jwt(expSeconds: number, id = 'a'): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: id, exp: expSeconds })}.sig`;
}

const now = () => Math.floor(Date.now() / 1000);

function refreshAnswer(token: string) {
  return jsonResponse({
    data: {
      refreshJwtAuthToken: {
        authToken: token,
        refreshToken: 'r2',
        jwtAuthExpiration: '0',
        clientMutationId: null,
      },
    },
  });
}

beforeEach(() => {
  useTestConfig();
  Cookies.remove(testConfig.authCookieName, { path: '/' });
});

afterEach(() => {
  endSessionLocally();
  vi.unstubAllGlobals();
});

describe('auth session', () => {
  it('returns a token with time left without calling the server', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const token = jwt(now() + 600);
    writeAuthToken(token);
    await expect(getValidAuthToken()).resolves.toBe(token);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is signed out without a cookie', async () => {
    await expect(getValidAuthToken()).resolves.toBeNull();
  });

  it('refreshes an expiring token with the refresh cookie and saves the new one', async () => {
    const fresh = jwt(now() + 900, 'b');
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(refreshAnswer(fresh));
    vi.stubGlobal('fetch', fetchMock);
    writeAuthToken(jwt(now() + 5));

    await expect(getValidAuthToken()).resolves.toBe(fresh);
    expect(readAuthToken()).toBe(fresh);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/graphql');
    expect(init?.credentials).toBe('include');
    expect(JSON.parse(String(init?.body))).toEqual({
      query: REFRESH_MUTATION,
      variables: { input: {} },
    });
  });

  it('treats a failed refresh as signed out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        jsonResponse({
          errors: [{ message: 'Session ended', extensions: { code: 'session_revoked' } }],
        }),
      ),
    );
    const listener = vi.fn();
    const unsubscribe = onSignedOut(listener);
    writeAuthToken(jwt(now() - 10));

    await expect(getValidAuthToken()).resolves.toBeNull();
    expect(readAuthToken()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('keeps the session when the refresh does not reach the server or the server is away', async () => {
    const listener = vi.fn();
    const unsubscribe = onSignedOut(listener);
    const expired = jwt(now() - 10);
    writeAuthToken(expired);
    // The browser aborts the request when the page is left mid-refresh: fetch rejects.
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')),
    );
    await expect(getValidAuthToken()).resolves.toBeNull();
    expect(readAuthToken()).toBe(expired);
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        jsonResponse(
          {
            errors: [{ message: 'Away', extensions: { code: 'service_unavailable', status: 503 } }],
          },
          503,
        ),
      ),
    );
    await expect(getValidAuthToken()).resolves.toBeNull();
    expect(readAuthToken()).toBe(expired);
    expect(listener).not.toHaveBeenCalled();

    // The next page tries again and gets a fresh token.
    const fresh = jwt(now() + 900, 'c');
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(refreshAnswer(fresh)));
    await expect(getValidAuthToken()).resolves.toBe(fresh);
    unsubscribe();
  });

  it('refreshes once on a 401 and repeats the call with the new token', async () => {
    const fresh = jwt(now() + 900, 'c');
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(refreshAnswer(fresh)));
    writeAuthToken(jwt(now() + 600));
    const call = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new ApiError('token_expired', 401, 'expired'))
      .mockImplementationOnce(async () => readAuthToken() ?? '');

    await expect(withAuthRetry(call)).resolves.toBe(fresh);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('does not retry other errors', async () => {
    writeAuthToken(jwt(now() + 600));
    const call = vi
      .fn<() => Promise<string>>()
      .mockRejectedValue(new ApiError('forbidden', 403, 'no'));
    await expect(withAuthRetry(call)).rejects.toMatchObject({ status: 403 });
    expect(call).toHaveBeenCalledTimes(1);
  });
});
