import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/ui/coming-soon';

export const Route = createFileRoute('/$lang/_logged/notifications')({
  component: NotificationsPage,
});

function NotificationsPage() {
  return <ComingSoon area="notifications" />;
}
