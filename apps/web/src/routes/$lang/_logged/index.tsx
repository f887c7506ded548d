import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../../features/auth/components/home-screen';
import { FeedSection } from '../../../features/posts/components/feed-section';
import { loadNamespaces } from '../../../lib/i18n';
import { feedQueryOptions } from '../../../lib/api/posts';
import { checkChat, checkGroup, checkNotification } from '../../../lib/route-checks';

/**
 * `/{lang}`: the greeting, then the member's feed (issue 12: the home page becomes the feed).
 * Checks (spec §2): auth (layout), group, notification, chat.
 */
export const Route = createFileRoute('/$lang/_logged/')({
  loader: async ({ context }) => {
    await Promise.all([
      checkGroup(context),
      checkNotification(context),
      checkChat(context),
      context.queryClient.ensureInfiniteQueryData(feedQueryOptions()),
      loadNamespaces(['posts', 'profile']),
    ]);
  },
  component: HomePage,
});

function HomePage() {
  const { language } = Route.useRouteContext();
  return (
    <>
      <HomeScreen language={language} />
      <FeedSection language={language} />
    </>
  );
}
