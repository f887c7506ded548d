import { notFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { errorStatus } from './error-status';
import { GraphqlError } from './graphql-client';
import { ApiError } from './rest-client';

describe('errorStatus', () => {
  it('gives 404 for not found', () => {
    expect(errorStatus(notFound())).toBe(404);
    expect(errorStatus(new ApiError('not_found', 404, ''))).toBe(404);
  });

  it('keeps a known status of a failed call', () => {
    expect(errorStatus(new ApiError('forbidden', 403, 'No'))).toBe(403);
    expect(errorStatus(new GraphqlError('', 503))).toBe(503);
  });

  it('gives 500 by default', () => {
    expect(errorStatus(new Error('boom'))).toBe(500);
    expect(errorStatus(new GraphqlError('', 0))).toBe(500);
    expect(errorStatus(new ApiError('teapot', 418, ''))).toBe(500);
    expect(errorStatus(undefined)).toBe(500);
  });
});
