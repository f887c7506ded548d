import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/ui/coming-soon';

export const Route = createFileRoute('/$lang/_auth-member/medel')({
  component: MedelPage,
});

function MedelPage() {
  return <ComingSoon area="medel" />;
}
