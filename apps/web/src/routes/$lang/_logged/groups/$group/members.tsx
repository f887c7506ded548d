import { createFileRoute } from '@tanstack/react-router';
import { GroupMembersScreen } from '../../../../../features/groups/components/group-members-screen';
import { GroupNotFound } from '../../../../../features/groups/components/group-not-found';
import { groupMembersQueryOptions } from '../../../../../lib/api/groups';
import { loadNamespaces } from '../../../../../lib/i18n';
import { checkConnection, checkGroup } from '../../../../../lib/route-checks';

/**
 * `/{lang}/groups/{group}/members` (spec §2: checks auth, group, connection). auth runs in the
 * logged layout; group here finds the group (not found when the viewer may not know of it) and
 * sends who may not read its members to the group's page.
 */
export const Route = createFileRoute('/$lang/_logged/groups/$group/members')({
  loader: async ({ context, params }) => {
    const texts = loadNamespaces(['groups', 'connections', 'profile']);
    const [group] = await Promise.all([
      checkGroup(context, params.group),
      checkConnection(context),
      texts,
      // The not-found page needs the texts too.
    ]).finally(() => texts);
    // The first page of members starts loading; the page does not wait for it.
    if (group) void context.queryClient.prefetchInfiniteQuery(groupMembersQueryOptions(group.id));
  },
  component: GroupMembersPage,
  // Shown inside the logged layout, so the member keeps their navigation.
  notFoundComponent: GroupMembersNotFound,
});

function GroupMembersNotFound() {
  const { language } = Route.useRouteContext();
  return <GroupNotFound language={language} />;
}

function GroupMembersPage() {
  const { language, viewer } = Route.useRouteContext();
  const { group } = Route.useParams();
  return (
    <GroupMembersScreen
      key={group}
      language={language}
      groupRef={group}
      viewerId={viewer.databaseId}
    />
  );
}
