import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/ui/coming-soon';

export const Route = createFileRoute('/$lang/_logged/connections')({
  component: ConnectionsPage,
});

function ConnectionsPage() {
  return <ComingSoon area="connections" />;
}
