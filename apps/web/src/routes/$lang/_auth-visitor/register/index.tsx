import { createFileRoute } from '@tanstack/react-router';
import { RegisterChoice } from '../../../../features/auth/components/register-choice';
import { RegisterFlow } from '../../../../features/auth/components/register-flow';

/**
 * An invitation's token from `?invite=` (the invitation mail links here). The server checks it; a
 * damaged one is kept, so the page can say the link does not work.
 */
const inviteOf = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : undefined;

/**
 * `/{lang}/register`: the choice of account; with `?invite=` (a staff invitation link), the member
 * sign-up with the invitation's address filled in.
 */
export const Route = createFileRoute('/$lang/_auth-visitor/register/')({
  validateSearch: (search: Record<string, unknown>): { invite?: string } => {
    const invite = inviteOf(search.invite);
    return invite ? { invite } : {};
  },
  component: RegisterPage,
});

function RegisterPage() {
  const { language } = Route.useRouteContext();
  const { invite } = Route.useSearch();
  if (invite) return <RegisterFlow language={language} type="regular" invite={invite} />;
  return <RegisterChoice language={language} />;
}
