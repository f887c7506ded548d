import { createFileRoute } from '@tanstack/react-router';
import { RecoverFlow } from '../../../../features/auth/components/recover-flow';

export const Route = createFileRoute('/$lang/_auth-visitor/login/recover')({
  component: RecoverPage,
});

function RecoverPage() {
  const { language } = Route.useRouteContext();
  return <RecoverFlow language={language} />;
}
