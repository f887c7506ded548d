import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { checkGroup } from '../../../lib/route-checks';

/** Checks (spec §2): auth (layout), group; connection, chat and notification are not wired yet. */
export const Route = createFileRoute('/$lang/_logged/chat')({
  loader: ({ context }) => checkGroup(context),
  component: ChatPage,
});

function ChatPage() {
  return <ComingSoon area="chat" />;
}
