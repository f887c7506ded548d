import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AuthLayout } from '../../components/layout/auth-layout';
import { QueryLayer } from '../../components/layout/query-layer';
import { provideQueryClient } from '../../lib/query-client-loader';
import { checkSignedOut } from '../../lib/route-checks';

/** Auth layout for registration and recovery: a signed-in member goes home instead. */
export const Route = createFileRoute('/$lang/_auth-visitor')({
  beforeLoad: async ({ context }) => {
    await checkSignedOut({ context });
    return provideQueryClient({ context });
  },
  component: AuthVisitorLayoutRoute,
});

function AuthVisitorLayoutRoute() {
  const { language, queryClient } = Route.useRouteContext();
  return (
    <QueryLayer client={queryClient}>
      <AuthLayout language={language}>
        <Outlet />
      </AuthLayout>
    </QueryLayer>
  );
}
