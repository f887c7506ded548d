import { createFileRoute } from '@tanstack/react-router';
import { MyPostsScreen } from '../../../../features/posts/components/my-posts-screen';
import { loadNamespaces } from '../../../../lib/i18n';
import { myPostsQueryOptions } from '../../../../lib/api/posts';

/** `/{lang}/posts/mine` (spec §2: own posts): write a post or question, and the member's own. */
export const Route = createFileRoute('/$lang/_logged/posts/mine')({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureInfiniteQueryData(myPostsQueryOptions()),
      loadNamespaces(['posts', 'profile']),
    ]);
  },
  component: MyPostsPage,
});

function MyPostsPage() {
  const { language } = Route.useRouteContext();
  return <MyPostsScreen language={language} />;
}
