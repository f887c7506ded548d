import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../components/ui/coming-soon';

export const Route = createFileRoute('/$lang/_logged/profile/$nickname')({
  component: ProfilePage,
});

function ProfilePage() {
  return <ComingSoon area="profile" />;
}
