import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, useTestConfig } from '../test/config';
import { ApiError, NETWORK_ERROR, restRequest, toApiError, UNKNOWN_ERROR } from './rest-client';
import { setRequestLanguage } from './request-language';

beforeEach(() => {
  useTestConfig();
  setRequestLanguage('en');
});

describe('toApiError', () => {
  it('reads code, message, data.status and data.params from the WordPress-style error body', () => {
    const error = toApiError(400, {
      code: 'code_invalid',
      message: 'The code is not right.',
      data: { status: 400, params: { attemptsLeft: 4 } },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('code_invalid');
    expect(error.status).toBe(400);
    expect(error.message).toBe('The code is not right.');
    expect(error.params).toEqual({ attemptsLeft: 4 });
  });

  it('keeps only string and number params, and none when the server sent none', () => {
    const odd = toApiError(400, {
      code: 'validation_failed',
      message: 'x',
      data: { status: 400, params: { field: 'email', nested: { a: 1 }, flag: true } },
    });
    expect(odd.params).toEqual({ field: 'email' });
    const old = toApiError(400, { code: 'login_failed', message: 'x', data: { status: 401 } });
    expect(old.params).toEqual({});
  });

  it('gives an unknown error with an empty message for any other body', () => {
    const error = toApiError(502, '<html>Bad gateway</html>');
    expect(error.code).toBe(UNKNOWN_ERROR);
    expect(error.status).toBe(502);
    expect(error.message).toBe('');
  });
});

describe('restRequest', () => {
  it('posts JSON with Bearer and Accept-Language and returns the body', async () => {
    setRequestLanguage('de');
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ message: 'ok' }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(
      restRequest('registeruser', { method: 'POST', body: { email: 'a@b.c' }, bearer: 'tok' }),
    ).resolves.toEqual({
      message: 'ok',
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/registeruser');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"email":"a@b.c"}');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer tok',
      'Content-Type': 'application/json',
      'Accept-Language': 'de',
    });
  });

  it('throws ApiError with the server code, status and message on an error answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(
          jsonResponse(
            { code: 'rate_limited', message: 'Too many requests', data: { status: 429 } },
            429,
          ),
        ),
    );
    const error = await restRequest('send2facode', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'rate_limited',
      status: 429,
      message: 'Too many requests',
    });
  });

  it('throws a network ApiError when no answer arrives', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')),
    );
    const error = await restRequest('send2facode', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: NETWORK_ERROR, status: 0, message: '' });
  });
});
