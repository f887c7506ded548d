import { isNotFound } from '@tanstack/react-router';
import { ApiError } from './rest-client';
import { GraphqlError } from './graphql-client';

/** Statuses the error page has its own title and text for; any other becomes 500. */
export const KNOWN_ERROR_STATUSES = [400, 401, 403, 404, 429, 500, 502, 503] as const;
export type KnownErrorStatus = (typeof KNOWN_ERROR_STATUSES)[number];

/**
 * The HTTP status the error page shows for an error (spec §2): 404 for "not found", the status a
 * failed API call carried when the page knows it, else 500 (Internal Server Error).
 */
export function errorStatus(error: unknown): KnownErrorStatus {
  if (isNotFound(error)) return 404;
  const status =
    error instanceof ApiError || error instanceof GraphqlError
      ? error.status
      : typeof error === 'object' && error !== null && 'status' in error
        ? (error as { status: unknown }).status
        : undefined;
  return (KNOWN_ERROR_STATUSES as readonly unknown[]).includes(status)
    ? (status as KnownErrorStatus)
    : 500;
}
