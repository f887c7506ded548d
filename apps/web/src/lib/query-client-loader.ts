import type { QueryClient } from '@tanstack/react-query';

let loading: Promise<QueryClient> | undefined;
let loaded: QueryClient | undefined;

/**
 * The app's one query client, created when a page first needs data (decision 0018): the login page
 * fetches nothing through TanStack Query, so it does not load it. Layouts that fetch put the client
 * into their route context (`provideQueryClient`) and under a `QueryClientProvider`.
 */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(({ createQueryClient }) => {
    loaded = createQueryClient();
    return loaded;
  });
  return loading;
}

/** The client when some page has loaded it, else undefined (nothing cached to clear). */
export function loadedQueryClient(): QueryClient | undefined {
  return loaded;
}

/** Route context of the app router: the data layer is loaded on demand. */
export interface QueryClientLoaderContext {
  loadQueryClient: () => Promise<QueryClient>;
}

/** `beforeLoad` step of a layout that fetches: loads the client and passes it to its routes. */
export async function provideQueryClient({
  context,
}: {
  context: QueryClientLoaderContext;
}): Promise<{ queryClient: QueryClient }> {
  return { queryClient: await context.loadQueryClient() };
}
