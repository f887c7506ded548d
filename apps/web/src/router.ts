import { createRouter } from '@tanstack/react-router';
import { PendingContent } from './components/ui/pending-content';
import { loadQueryClient } from './lib/query-client-loader';
import { routeTree } from './routeTree.gen';

/**
 * Builds the router; route components and loaders load lazily (automatic code splitting), and so
 * does the data layer (`loadQueryClient`, decision 0018).
 */
export function createAppRouter() {
  return createRouter({
    routeTree,
    context: { loadQueryClient },
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
