import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../components/ui/coming-soon';

export const Route = createFileRoute('/$lang/_logged/posts/saved')({
  component: SavedPostsPage,
});

function SavedPostsPage() {
  return <ComingSoon area="savedPosts" />;
}
