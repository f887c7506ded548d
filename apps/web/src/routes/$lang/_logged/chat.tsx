import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { checkGroup, checkNotification } from '../../../lib/route-checks';

/** Checks (spec §2): auth (layout), group, notification; connection and chat are not wired yet. */
export const Route = createFileRoute('/$lang/_logged/chat')({
  loader: async ({ context }) => {
    await Promise.all([checkGroup(context), checkNotification(context)]);
  },
  component: ChatPage,
});

function ChatPage() {
  return <ComingSoon area="chat" />;
}
