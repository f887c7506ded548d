import { createFileRoute } from '@tanstack/react-router';
import { DefaultLayout } from '../../components/layout/default-layout';
import { QueryLayer } from '../../components/layout/query-layer';
import { provideQueryClient } from '../../lib/query-client-loader';
import { LogoutScreen } from '../../features/auth/components/logout-screen';

/** Logout: no layout of its own in the spec, so the default one; no check. */
export const Route = createFileRoute('/$lang/logout')({
  beforeLoad: provideQueryClient,
  component: LogoutPage,
});

function LogoutPage() {
  const { language, queryClient } = Route.useRouteContext();
  return (
    <QueryLayer client={queryClient}>
      <DefaultLayout language={language}>
        <LogoutScreen language={language} />
      </DefaultLayout>
    </QueryLayer>
  );
}
