import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/ui/coming-soon';

export const Route = createFileRoute('/$lang/_logged/feed')({
  component: FeedPage,
});

function FeedPage() {
  return <ComingSoon area="feed" />;
}
