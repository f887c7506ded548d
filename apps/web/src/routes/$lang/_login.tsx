import { createFileRoute, Outlet } from '@tanstack/react-router';
import { LoginLayout } from '../../components/layout/login-layout';
import { checkSignedOut } from '../../lib/route-checks';

/** Login layout; the auth check sends a signed-in member home. */
export const Route = createFileRoute('/$lang/_login')({
  beforeLoad: checkSignedOut,
  component: LoginLayoutRoute,
});

function LoginLayoutRoute() {
  const { language } = Route.useRouteContext();
  return (
    <LoginLayout language={language}>
      <Outlet />
    </LoginLayout>
  );
}
