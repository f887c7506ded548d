import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, useTestConfig } from '../test/config';
import {
  ApiError,
  NETWORK_ERROR,
  restRequest,
  serverMessageOr,
  toApiError,
  UNKNOWN_ERROR,
} from './rest-client';
import { setRequestLanguage } from './request-language';

beforeEach(() => {
  useTestConfig();
  setRequestLanguage('en');
});

describe('toApiError', () => {
  it('reads code, message and data.status from the WordPress-style error body', () => {
    const error = toApiError(400, {
      code: 'code_invalid',
      message: 'The code is not right.',
      data: { status: 400 },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('code_invalid');
    expect(error.status).toBe(400);
    expect(error.message).toBe('The code is not right.');
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

describe('serverMessageOr', () => {
  it('shows the server message for client errors', () => {
    expect(
      serverMessageOr(
        new ApiError('code_invalid', 400, 'Wrong code'),
        'Error while validating code',
      ),
    ).toBe('Wrong code');
  });

  it('uses the fallback without a server message, for server faults and for other errors', () => {
    const fallback = 'Error while creating an account';
    expect(serverMessageOr(new ApiError(UNKNOWN_ERROR, 400, ''), fallback)).toBe(fallback);
    expect(
      serverMessageOr(new ApiError('internal_error', 500, 'Internal Server Error'), fallback),
    ).toBe(fallback);
    expect(serverMessageOr(new ApiError(NETWORK_ERROR, 0, ''), fallback)).toBe(fallback);
    expect(serverMessageOr(new Error('boom'), fallback)).toBe(fallback);
  });
});
