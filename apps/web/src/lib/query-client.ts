import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './rest-client';

/**
 * A failed read is tried once more when it may pass the second time (no answer, a fault of the
 * server, too many requests), never when the server refused what was asked (another 4xx): the
 * same question gets the same answer, and the member would only wait longer for the error.
 */
export function retryOnce(failures: number, error: unknown): boolean {
  if (failures >= 1) return false;
  if (!(error instanceof ApiError)) return true;
  return !(
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/** One query client per app; its cache is the profile state cleared on logout. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: retryOnce, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
