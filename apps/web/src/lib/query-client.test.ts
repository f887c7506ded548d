import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from './rest-client';
import { retryOnce } from './query-client';

describe('retryOnce', () => {
  it('tries a read once more when it may pass: no answer, a fault of the server, too many requests', () => {
    for (const error of [
      new ApiError(NETWORK_ERROR, 0, ''),
      new ApiError('internal_error', 500, ''),
      new ApiError('unavailable', 503, ''),
      new ApiError('rate_limited', 429, ''),
      new ApiError('timeout', 408, ''),
      new Error('GraphQL failed'),
    ]) {
      expect(retryOnce(0, error), String(error)).toBe(true);
      expect(retryOnce(1, error), String(error)).toBe(false);
    }
  });

  it('never asks again what the server refused', () => {
    for (const status of [400, 401, 403, 404, 409, 422])
      expect(retryOnce(0, new ApiError('refused', status, '')), String(status)).toBe(false);
  });
});
