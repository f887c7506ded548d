import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../components/ui/coming-soon';

export const Route = createFileRoute('/$lang/_logged/groups/$group/')({
  component: GroupPage,
});

function GroupPage() {
  return <ComingSoon area="group" />;
}
