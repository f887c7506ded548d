import { createFileRoute } from '@tanstack/react-router';
import { PostScreen } from '../../../../features/posts/components/post-screen';
import { loadNamespaces } from '../../../../lib/i18n';
import { postBySlugQueryOptions } from '../../../../lib/api/posts';

/** `/{lang}/post/{slug}` (spec §2: a single post, logged layout). */
export const Route = createFileRoute('/$lang/_logged/post/$slug')({
  loader: async ({ context, params }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(postBySlugQueryOptions(params.slug)),
      loadNamespaces(['posts', 'profile', 'connections']),
    ]);
  },
  component: PostPage,
});

function PostPage() {
  const { language } = Route.useRouteContext();
  const { slug } = Route.useParams();
  return <PostScreen key={slug} slug={slug} language={language} />;
}
