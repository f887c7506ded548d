import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { LoginForm } from '../../../../features/auth/components/login-form';

interface LoginSearch {
  redirect?: string;
}

export const Route = createFileRoute('/$lang/_login/login/')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: LoginPage,
});

function LoginPage() {
  const { language } = Route.useRouteContext();
  const { redirect } = Route.useSearch();
  const prefillEmail = useRouterState({ select: (state) => state.location.state.prefillEmail });
  return <LoginForm language={language} redirect={redirect} prefillEmail={prefillEmail} />;
}
