import { createFileRoute } from '@tanstack/react-router';
import { ConnectionsScreen } from '../../../features/connections/components/connections-screen';
import {
  checkChat,
  checkConnection,
  checkGroup,
  checkNotification,
} from '../../../lib/route-checks';
import { loadNamespaces } from '../../../lib/i18n';
import { profileFieldsQueryOptions } from '../../../lib/api/profile';

/**
 * `/{lang}/connections` (spec §2: checks auth, connection, group, notification, chat). auth runs
 * in the logged layout; the others here.
 */
export const Route = createFileRoute('/$lang/_logged/connections')({
  loader: async ({ context }) => {
    await Promise.all([
      checkConnection(context),
      checkGroup(context),
      checkNotification(context),
      checkChat(context),
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
