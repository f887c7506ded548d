import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/ui/coming-soon';

export const Route = createFileRoute('/$lang/_logged/support')({
  component: SupportPage,
});

function SupportPage() {
  return <ComingSoon area="support" />;
}
