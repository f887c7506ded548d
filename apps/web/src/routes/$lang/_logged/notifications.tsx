import { createFileRoute } from '@tanstack/react-router';
import { NotificationsScreen } from '../../../features/notifications/components/notifications-screen';
import { loadNamespaces } from '../../../lib/i18n';
import { notificationsQueryOptions } from '../../../lib/api/notifications';

/** `/{lang}/notifications` (spec §2: the member's notifications; auth runs in the logged layout). */
export const Route = createFileRoute('/$lang/_logged/notifications')({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureInfiniteQueryData(notificationsQueryOptions()),
      loadNamespaces(['notifications']),
    ]);
  },
  component: NotificationsPage,
});

function NotificationsPage() {
  const { language } = Route.useRouteContext();
  return <NotificationsScreen language={language} />;
}
