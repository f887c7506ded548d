import { QueryClient } from '@tanstack/react-query';

/**
 * The HTTP status a failed call carries: `status` of an ApiError or a GraphqlError, or of the
 * error wrapped as `cause` (UserFetchError). Read by shape, not by class, so that this module
 * pulls no client code into the screens that load it.
 */
function statusOf(error: unknown): number | undefined {
  for (const candidate of [error, (error as { cause?: unknown } | null)?.cause]) {
    const status = (candidate as { status?: unknown } | null | undefined)?.status;
    if (typeof status === 'number') return status;
  }
  return undefined;
}

/**
 * A failed read is tried once more when it may pass the second time (no answer, a fault of the
 * server, too many requests), never when the server refused what was asked (another 4xx): the
 * same question gets the same answer, and the member would only wait longer for the error.
 */
export function retryOnce(failures: number, error: unknown): boolean {
  if (failures >= 1) return false;
  const status = statusOf(error);
  return status === undefined || status < 400 || status >= 500 || status === 408 || status === 429;
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
