import { createFileRoute } from '@tanstack/react-router';
import { DefaultLayout } from '../../components/layout/default-layout';
import { LogoutScreen } from '../../features/auth/components/logout-screen';

/** Logout: no layout of its own in the spec, so the default one; no check. */
export const Route = createFileRoute('/$lang/logout')({
  component: LogoutPage,
});

function LogoutPage() {
  const { language } = Route.useRouteContext();
  return (
    <DefaultLayout language={language}>
      <LogoutScreen language={language} />
    </DefaultLayout>
  );
}
