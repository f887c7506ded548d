import { createFileRoute } from '@tanstack/react-router';
import { RegisterFlow } from '../../../../features/auth/components/register-flow';

export const Route = createFileRoute('/$lang/_auth-visitor/register/medel')({
  component: RegisterMedelPage,
});

function RegisterMedelPage() {
  const { language } = Route.useRouteContext();
  return <RegisterFlow language={language} type="medel" />;
}
