import { createFileRoute } from '@tanstack/react-router';
import { FeedSection } from '../../../features/posts/components/feed-section';
import { loadNamespaces } from '../../../lib/i18n';
import { feedQueryOptions } from '../../../lib/api/posts';

/** `/{lang}/feed` (spec §2: the feed; auth runs in the logged layout). */
export const Route = createFileRoute('/$lang/_logged/feed')({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureInfiniteQueryData(feedQueryOptions()),
      loadNamespaces(['posts', 'profile']),
    ]);
  },
  component: FeedPage,
});

function FeedPage() {
  const { language } = Route.useRouteContext();
  return <FeedSection language={language} asPage />;
}
