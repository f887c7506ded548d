import { createFileRoute } from '@tanstack/react-router';
import { staffAbilities } from '@attune/contract';
import { StaffReportsScreen } from '../../../../features/staff/components/staff-reports-screen';
import { staffReportsQueryOptions, type ReportStatus } from '../../../../lib/api/staff';

/** `/{lang}/medel/reports`: the reports queue; `?status=resolved|dismissed` (open by default). */
export const Route = createFileRoute('/$lang/_auth-member/medel/reports')({
  // Spelled out rather than read from the contract's REPORT_STATUSES: this runs on every page's
  // first screen, which should not load the staff table for it.
  validateSearch: (search: Record<string, unknown>): { status?: ReportStatus } =>
    search.status === 'resolved' || search.status === 'dismissed' ? { status: search.status } : {},
  loaderDeps: ({ search }) => ({ status: search.status ?? 'open' }),
  loader: ({ context: { queryClient, viewer }, deps }) => {
    if (staffAbilities(viewer.roles).view_reports)
      void queryClient.prefetchInfiniteQuery(staffReportsQueryOptions(deps.status));
  },
  component: MedelReportsPage,
});

function MedelReportsPage() {
  const { language, viewer } = Route.useRouteContext();
  const { status = 'open' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <StaffReportsScreen
      language={language}
      abilities={staffAbilities(viewer.roles)}
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
