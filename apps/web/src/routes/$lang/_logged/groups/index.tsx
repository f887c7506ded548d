import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../components/ui/coming-soon';

export const Route = createFileRoute('/$lang/_logged/groups/')({
  component: GroupsPage,
});

function GroupsPage() {
  return <ComingSoon area="groups" />;
}
