import { createFileRoute, Outlet } from '@tanstack/react-router';
import { GuestLayout } from '../../components/layout/guest-layout';

/** Guest layout for the public pages; no check. */
export const Route = createFileRoute('/$lang/_guest')({
  component: GuestLayoutRoute,
});

function GuestLayoutRoute() {
  const { language } = Route.useRouteContext();
  return (
    <GuestLayout language={language}>
      <Outlet />
    </GuestLayout>
  );
}
