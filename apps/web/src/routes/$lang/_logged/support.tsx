import { createFileRoute } from '@tanstack/react-router';
import { supportFormsQueryOptions } from '../../../lib/api/support/support-forms';
import { SupportScreen } from '../../../features/support/components/support-screen';
import { loadNamespaces } from '../../../lib/i18n';

/** `/{lang}/support` (spec §2: checks auth, which runs in the logged layout): writing to support. */
export const Route = createFileRoute('/$lang/_logged/support')({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(supportFormsQueryOptions(context.language)),
      loadNamespaces(['support']),
    ]);
  },
  component: SupportPage,
});

function SupportPage() {
  const { language } = Route.useRouteContext();
  return <SupportScreen language={language} page="support" />;
}
