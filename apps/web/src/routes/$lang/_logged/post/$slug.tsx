import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../components/ui/coming-soon';

export const Route = createFileRoute('/$lang/_logged/post/$slug')({
  component: PostPage,
});

function PostPage() {
  return <ComingSoon area="post" />;
}
