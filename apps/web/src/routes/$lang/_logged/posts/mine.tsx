import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../components/ui/coming-soon';

export const Route = createFileRoute('/$lang/_logged/posts/mine')({
  component: MyPostsPage,
});

function MyPostsPage() {
  return <ComingSoon area="myPosts" />;
}
