import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { GroupScreen } from '../../../../../features/groups/components/group-screen';
import { GROUP_TABS, type GroupTab } from '../../../../../features/groups/lib/group-tabs';
import { GroupNotFound } from '../../../../../features/groups/components/group-not-found';
import { GroupPostsSection } from '../../../../../features/posts/components/group-posts-section';
import { groupPostsQueryOptions, groupQueryOptions } from '../../../../../lib/api/groups';
import { loadNamespaces } from '../../../../../lib/i18n';

const isTab = (value: unknown): value is GroupTab =>
  (GROUP_TABS as readonly unknown[]).includes(value);

/**
 * `/{lang}/groups/{group}` (spec §2: one group; auth runs in the logged layout), by its slug; its
 * id moves to the slug. A group that does not exist, or that the viewer may not know of, is not
 * found. The section is in the address (`?tab=questions`), so it survives a reload.
 */
export const Route = createFileRoute('/$lang/_logged/groups/$group/')({
  validateSearch: (search: Record<string, unknown>): { tab?: GroupTab } =>
    isTab(search.tab) && search.tab !== 'posts' ? { tab: search.tab } : {},
  loader: async ({ context: { queryClient, language }, params }) => {
    const [group] = await Promise.all([
      queryClient.ensureQueryData(groupQueryOptions(params.group)),
      loadNamespaces(['groups', 'posts', 'profile']),
    ]);
    if (!group) throw notFound();
    if (group.slug !== params.group) {
      throw redirect({
        to: '/$lang/groups/$group',
        params: { lang: language, group: group.slug },
        replace: true,
      });
    }
    // The first tab's posts start loading with the page; the page does not wait for them.
    if (group.may.read)
      void queryClient.prefetchInfiniteQuery(groupPostsQueryOptions(group.id, 'post'));
  },
  component: GroupPage,
  // Shown inside the logged layout, so the member keeps their navigation.
  notFoundComponent: GroupPageNotFound,
});

function GroupPageNotFound() {
  const { language } = Route.useRouteContext();
  return <GroupNotFound language={language} />;
}

function GroupPage() {
  const { language, viewer } = Route.useRouteContext();
  const { group } = Route.useParams();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <GroupScreen
      key={group}
      language={language}
      groupRef={group}
      viewer={viewer}
      tab={tab}
      onTabChange={(next) =>
        void navigate({
          search: next === 'posts' ? {} : { tab: next },
          replace: true,
          resetScroll: false,
        })
      }
      renderPosts={(shown, kind) => (
        <GroupPostsSection language={language} group={shown} kind={kind} />
      )}
    />
  );
}
