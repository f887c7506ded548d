import { createFileRoute, Outlet } from '@tanstack/react-router';
import { LoggedLayout } from '../../components/layout/logged-layout';
import { QueryLayer } from '../../components/layout/query-layer';
import { useLiveSync } from '../../hooks/use-live-sync';
import { loadNamespaces } from '../../lib/i18n';
import { provideQueryClient } from '../../lib/query-client-loader';
import { checkAuth } from '../../lib/route-checks';

/**
 * Logged layout; the auth check (signed-out visitors go to login and come back). While it is shown
 * the live socket is open (chat, notifications, the header's counts).
 */
export const Route = createFileRoute('/$lang/_logged')({
  beforeLoad: async ({ context, location }) => {
    // The error texts only members meet load with the layout, before any of its pages shows.
    const [{ queryClient }] = await Promise.all([
      provideQueryClient({ context }),
      loadNamespaces(['errors']),
    ]);
    return {
      queryClient,
      ...(await checkAuth({ context: { ...context, queryClient }, location })),
    };
  },
  component: LoggedLayoutRoute,
});

function LoggedLayoutRoute() {
  const { language, queryClient } = Route.useRouteContext();
  useLiveSync(queryClient);
  return (
    <QueryLayer client={queryClient}>
      <LoggedLayout language={language}>
        <Outlet />
      </LoggedLayout>
    </QueryLayer>
  );
}
