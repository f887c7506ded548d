import { QueryClient } from '@tanstack/react-query';

/** One query client per app; its cache is the profile state cleared on logout. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
