import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/ui/coming-soon';

export const Route = createFileRoute('/$lang/_logged/chat')({
  component: ChatPage,
});

function ChatPage() {
  return <ComingSoon area="chat" />;
}
