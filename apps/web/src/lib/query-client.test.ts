import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from './rest-client';
import { GraphqlError } from './graphql-client';
import { UserFetchError } from './api/profile';
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
    // Whatever client asked: GraphQL, or a member's profile whose read failed.
    expect(retryOnce(0, new GraphqlError('Forbidden', 403))).toBe(false);
    expect(retryOnce(0, new UserFetchError(new ApiError('not_found', 404, '')))).toBe(false);
    expect(retryOnce(0, new UserFetchError(new ApiError('internal_error', 500, '')))).toBe(true);
  });
});
