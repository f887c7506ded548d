import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { AppProviders } from '../app';
import { QueryLayer } from '../components/layout/query-layer';
import { createQueryClient } from '../lib/query-client';

/**
 * Renders a component at `/{lang}/test` inside the app providers and a minimal router, so links and
 * navigation work. Other `/$lang/...` paths render a marker with their path.
 */
export async function renderWithRouter(ui: ReactNode, lang = 'en') {
  const rootRoute = createRootRoute({ component: Outlet });
  const testRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/$lang/test',
    component: () => ui,
  });
  const otherRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: () => <p data-testid="navigated">navigated</p>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([testRoute, otherRoute]),
    history: createMemoryHistory({ initialEntries: [`/${lang}/test`] }),
  });
  await router.load();
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders>
      <QueryLayer client={queryClient}>
        {/* The test router's routes differ from the app's registered ones. */}
        <RouterProvider router={router as never} />
      </QueryLayer>
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
