import { createFileRoute } from '@tanstack/react-router';
import { LogoutScreen } from '../../features/auth/components/logout-screen';

export const Route = createFileRoute('/$lang/logout')({
  component: LogoutPage,
});

function LogoutPage() {
  const { language } = Route.useRouteContext();
  return <LogoutScreen language={language} />;
}
