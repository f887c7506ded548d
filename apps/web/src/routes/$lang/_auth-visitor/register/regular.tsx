import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { RegisterFlow } from '../../../../features/auth/components/register-flow';

export const Route = createFileRoute('/$lang/_auth-visitor/register/regular')({
  component: RegisterRegularPage,
});

function RegisterRegularPage() {
  const { language } = Route.useRouteContext();
  // A refused staff sign-up offers member sign-up with the address already typed.
  const prefillEmail = useRouterState({ select: (state) => state.location.state.prefillEmail });
  return <RegisterFlow language={language} type="regular" defaultEmail={prefillEmail} />;
}
