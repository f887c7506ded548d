import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { DEFAULT_LANGUAGE } from '@attune/contract';
import { ErrorContent } from '../components/ui/error-content';
import { NotFoundContent } from '../components/ui/not-found-page';
import { PageShell } from '../components/ui/page-shell';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: () => (
    <PageShell language={DEFAULT_LANGUAGE}>
      <NotFoundContent />
    </PageShell>
  ),
  errorComponent: ({ error }) => (
    <PageShell language={DEFAULT_LANGUAGE}>
      <ErrorContent error={error} />
    </PageShell>
  ),
});
