import { createFileRoute } from '@tanstack/react-router';
import { staffAbilities } from '@attune/contract';
import { StaffSupportScreen } from '../../../../features/staff/components/staff-support-screen';
import { staffSupportQueryOptions, type SupportRequestStatus } from '../../../../lib/api/staff';

/** `/{lang}/medel/support`: support requests; `?status=handled` (open by default). */
export const Route = createFileRoute('/$lang/_auth-member/medel/support')({
  validateSearch: (search: Record<string, unknown>): { status?: SupportRequestStatus } =>
    search.status === 'handled' ? { status: 'handled' } : {},
  loaderDeps: ({ search }) => ({ status: search.status ?? 'open' }),
  loader: ({ context: { queryClient, viewer }, deps }) => {
    if (staffAbilities(viewer.roles).view_support_requests)
      void queryClient.prefetchInfiniteQuery(staffSupportQueryOptions(deps.status));
  },
  component: MedelSupportPage,
});

function MedelSupportPage() {
  const { language } = Route.useRouteContext();
  const { status = 'open' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <StaffSupportScreen
      language={language}
      status={status}
      onStatusChange={(next) =>
        void navigate({
          search: next === 'open' ? {} : { status: next },
          replace: true,
          resetScroll: false,
        })
      }
    />
  );
}
