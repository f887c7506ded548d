import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AuthLayout } from '../../components/layout/auth-layout';
import { QueryLayer } from '../../components/layout/query-layer';
import { loadNamespaces } from '../../lib/i18n';
import { provideQueryClient } from '../../lib/query-client-loader';
import { checkAuth } from '../../lib/route-checks';

/** Auth layout for signed-in members (profile start, medel area); the auth check. */
export const Route = createFileRoute('/$lang/_auth-member')({
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
  component: AuthMemberLayoutRoute,
});

function AuthMemberLayoutRoute() {
  const { language, queryClient } = Route.useRouteContext();
  return (
    <QueryLayer client={queryClient}>
      <AuthLayout language={language}>
        <Outlet />
      </AuthLayout>
    </QueryLayer>
  );
}
