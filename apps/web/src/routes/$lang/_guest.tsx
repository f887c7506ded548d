import { createFileRoute, Outlet } from '@tanstack/react-router';
import { GuestLayout } from '../../components/layout/guest-layout';
import { QueryLayer } from '../../components/layout/query-layer';
import { provideQueryClient } from '../../lib/query-client-loader';

/** Guest layout for the public pages; no check. Their content comes from the back end. */
export const Route = createFileRoute('/$lang/_guest')({
  beforeLoad: provideQueryClient,
  component: GuestLayoutRoute,
});

function GuestLayoutRoute() {
  const { language, queryClient } = Route.useRouteContext();
  return (
    <QueryLayer client={queryClient}>
      <GuestLayout language={language}>
        <Outlet />
      </GuestLayout>
    </QueryLayer>
  );
}
