import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { checkConnection, checkGroup, checkNotification } from '../../../lib/route-checks';

/** Checks (spec §2): auth (layout), connection, group, notification. */
export const Route = createFileRoute('/$lang/_auth-member/medel')({
  loader: async ({ context }) => {
    await Promise.all([checkConnection(context), checkGroup(context), checkNotification(context)]);
  },
  component: MedelPage,
});

function MedelPage() {
  return <ComingSoon area="medel" />;
}
