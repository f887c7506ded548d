import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { checkGroup } from '../../../lib/route-checks';

/** Checks (spec §2): auth (layout), group; connection and notification are not wired yet. */
export const Route = createFileRoute('/$lang/_auth-member/medel')({
  loader: ({ context }) => checkGroup(context),
  component: MedelPage,
});

function MedelPage() {
  return <ComingSoon area="medel" />;
}
