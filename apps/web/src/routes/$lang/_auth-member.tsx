import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AuthLayout } from '../../components/layout/auth-layout';
import { checkAuth } from '../../lib/route-checks';

/** Auth layout for signed-in members (profile start, medel area); the auth check. */
export const Route = createFileRoute('/$lang/_auth-member')({
  beforeLoad: checkAuth,
  component: AuthMemberLayoutRoute,
});

function AuthMemberLayoutRoute() {
  const { language } = Route.useRouteContext();
  return (
    <AuthLayout language={language}>
      <Outlet />
    </AuthLayout>
  );
}
