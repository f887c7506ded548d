import { createFileRoute } from '@tanstack/react-router';
import { RegisterFlow } from '../../../../features/auth/components/register-flow';

export const Route = createFileRoute('/$lang/_auth-visitor/register/regular')({
  component: RegisterRegularPage,
});

function RegisterRegularPage() {
  const { language } = Route.useRouteContext();
  return <RegisterFlow language={language} type="regular" />;
}
