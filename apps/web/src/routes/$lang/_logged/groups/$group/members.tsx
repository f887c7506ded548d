import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../components/ui/coming-soon';

export const Route = createFileRoute('/$lang/_logged/groups/$group/members')({
  component: GroupMembersPage,
});

function GroupMembersPage() {
  return <ComingSoon area="groupMembers" />;
}
