import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

/**
 * The query cache for the layouts that fetch data. It sits below the router, not around the app,
 * so TanStack Query is loaded with those layouts and never on the login page (decision 0018).
 */
export function QueryLayer({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
