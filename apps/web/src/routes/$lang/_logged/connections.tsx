import { createFileRoute } from '@tanstack/react-router';
import { ConnectionsScreen } from '../../../features/connections/components/connections-screen';
import { checkConnection, checkGroup, checkNotification } from '../../../lib/route-checks';
import { loadNamespaces } from '../../../lib/i18n';
import { profileFieldsQueryOptions } from '../../../lib/profile-api';

/**
 * `/{lang}/connections` (spec §2: checks auth, connection, group, notification, chat). auth runs
 * in the logged layout; connection, group and notification here; chat arrives with its step.
 */
export const Route = createFileRoute('/$lang/_logged/connections')({
  loader: async ({ context }) => {
    await Promise.all([
      checkConnection(context),
      checkGroup(context),
      checkNotification(context),
      context.queryClient.ensureQueryData(profileFieldsQueryOptions(context.language)),
      loadNamespaces(['connections', 'profile']),
    ]);
  },
  component: ConnectionsPage,
});

function ConnectionsPage() {
  const { language } = Route.useRouteContext();
  return <ConnectionsScreen language={language} />;
}
