import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { PendingContent } from './components/ui/pending-content';
import { routeTree } from './routeTree.gen';

/** Builds the router; route components load lazily (automatic code splitting). */
export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: PendingContent,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface HistoryState {
    /** E-mail to prefill on the login page (after a password reset); kept out of the URL. */
    prefillEmail?: string;
  }
}
