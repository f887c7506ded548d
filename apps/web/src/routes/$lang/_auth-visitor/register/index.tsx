import { createFileRoute } from '@tanstack/react-router';
import { RegisterChoice } from '../../../../features/auth/components/register-choice';

export const Route = createFileRoute('/$lang/_auth-visitor/register/')({
  component: RegisterPage,
});

function RegisterPage() {
  const { language } = Route.useRouteContext();
  return <RegisterChoice language={language} />;
}
