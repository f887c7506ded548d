import { createFileRoute } from '@tanstack/react-router';
import { staffAbilities } from '@attune/contract';
import { StaffOverviewScreen } from '../../../../features/staff/components/staff-overview-screen';
import { staffOverviewQueryOptions } from '../../../../lib/api/staff';

/** `/{lang}/medel`: the workspace's overview (what waits for the team). */
export const Route = createFileRoute('/$lang/_auth-member/medel/')({
  loader: ({ context: { queryClient, viewer } }) => {
    if (staffAbilities(viewer.roles).view_workspace)
      void queryClient.prefetchQuery(staffOverviewQueryOptions());
  },
  component: MedelOverviewPage,
});

function MedelOverviewPage() {
  const { language, viewer } = Route.useRouteContext();
  return <StaffOverviewScreen language={language} abilities={staffAbilities(viewer.roles)} />;
}
