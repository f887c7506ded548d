import { createFileRoute, redirect } from '@tanstack/react-router';
import { supportFormsQueryOptions } from '../../../lib/api/support/support-forms';
import { SupportScreen } from '../../../features/support/components/support-screen';
import { getValidAuthToken } from '../../../lib/auth-session';
import { readAuthToken } from '../../../lib/auth-token';
import { loadNamespaces } from '../../../lib/i18n';

/**
 * `/{lang}/contact`: writing to support for visitors who are not signed in (or cannot sign in).
 * A signed-in member is taken to their support page, where name and address are filled in.
 */
export const Route = createFileRoute('/$lang/_guest/contact')({
  beforeLoad: async ({ context }) => {
    if (readAuthToken() && (await getValidAuthToken())) {
      throw redirect({ to: '/$lang/support', params: { lang: context.language }, replace: true });
    }
  },
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(supportFormsQueryOptions(context.language)),
      loadNamespaces(['support']),
    ]);
  },
  component: ContactPage,
});

function ContactPage() {
  const { language } = Route.useRouteContext();
  return <SupportScreen language={language} page="contact" />;
}
