import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AuthLayout } from '../../components/layout/auth-layout';
import { checkSignedOut } from '../../lib/route-checks';

/** Auth layout for registration and recovery: a signed-in member goes home instead. */
export const Route = createFileRoute('/$lang/_auth-visitor')({
  beforeLoad: checkSignedOut,
  component: AuthVisitorLayoutRoute,
});

function AuthVisitorLayoutRoute() {
  const { language } = Route.useRouteContext();
  return (
    <AuthLayout language={language}>
      <Outlet />
    </AuthLayout>
  );
}
