import { createFileRoute } from '@tanstack/react-router';
import { SavedPostsScreen } from '../../../../features/posts/components/saved-posts-screen';
import { loadNamespaces } from '../../../../lib/i18n';
import { savedPostsQueryOptions } from '../../../../lib/api/posts';

/** `/{lang}/posts/saved` (spec §2: saved posts, logged layout). */
export const Route = createFileRoute('/$lang/_logged/posts/saved')({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureInfiniteQueryData(savedPostsQueryOptions()),
      loadNamespaces(['posts']),
    ]);
  },
  component: SavedPostsPage,
});

function SavedPostsPage() {
  const { language } = Route.useRouteContext();
  return <SavedPostsScreen language={language} />;
}
