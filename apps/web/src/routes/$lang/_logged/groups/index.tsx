import { createFileRoute } from '@tanstack/react-router';
import { GroupsScreen } from '../../../../features/groups/components/groups-screen';
import { groupListQueryOptions } from '../../../../lib/api/groups';
import { loadNamespaces } from '../../../../lib/i18n';

/** `/{lang}/groups` (spec §2: list of groups; auth runs in the logged layout); `?show=mine`. */
export const Route = createFileRoute('/$lang/_logged/groups/')({
  validateSearch: (search: Record<string, unknown>): { show?: 'mine' } =>
    search.show === 'mine' ? { show: 'mine' } : {},
  loaderDeps: ({ search }): { show: 'all' | 'mine' } => ({ show: search.show ?? 'all' }),
  loader: async ({ context, deps }) => {
    await Promise.all([
      context.queryClient.ensureInfiniteQueryData(
        groupListQueryOptions({ show: deps.show, search: '' }),
      ),
      loadNamespaces(['groups']),
    ]);
  },
  component: GroupsPage,
});

function GroupsPage() {
  const { language, viewer } = Route.useRouteContext();
  const { show } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <GroupsScreen
      language={language}
      capabilities={viewer.capabilities}
      show={show ?? 'all'}
      onShowChange={(next) =>
        void navigate({ search: next === 'mine' ? { show: 'mine' } : {}, replace: true })
      }
    />
  );
}
