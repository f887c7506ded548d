import { createFileRoute, Outlet } from '@tanstack/react-router';
import { LoggedLayout } from '../../components/layout/logged-layout';
import { checkAuth } from '../../lib/route-checks';

/** Logged layout; the auth check (signed-out visitors go to login and come back). */
export const Route = createFileRoute('/$lang/_logged')({
  beforeLoad: checkAuth,
  component: LoggedLayoutRoute,
});

function LoggedLayoutRoute() {
  const { language } = Route.useRouteContext();
  return (
    <LoggedLayout language={language}>
      <Outlet />
    </LoggedLayout>
  );
}
