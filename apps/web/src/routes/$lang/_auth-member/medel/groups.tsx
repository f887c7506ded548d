import { createFileRoute } from '@tanstack/react-router';
import { staffAbilities } from '@attune/contract';
import { StaffGroupsScreen } from '../../../../features/staff/components/staff-groups-screen';
import { staffGroupsQueryOptions } from '../../../../lib/api/staff';

/** `/{lang}/medel/groups`: every group, hidden ones too, each leading to its management. */
export const Route = createFileRoute('/$lang/_auth-member/medel/groups')({
  loader: ({ context: { queryClient, viewer } }) => {
    if (staffAbilities(viewer.roles).manage_groups)
      void queryClient.prefetchInfiniteQuery(staffGroupsQueryOptions());
  },
  component: MedelGroupsPage,
});

function MedelGroupsPage() {
  const { language } = Route.useRouteContext();
  return <StaffGroupsScreen language={language} />;
}
