import { createFileRoute } from '@tanstack/react-router';
import { staffAbilities } from '@attune/contract';
import { StaffAuditScreen } from '../../../../features/staff/components/staff-audit-screen';
import { auditLogQueryOptions } from '../../../../lib/api/staff';

/** `/{lang}/medel/audit` (super_admin): the audit log of staff actions. */
export const Route = createFileRoute('/$lang/_auth-member/medel/audit')({
  loader: ({ context: { queryClient, viewer } }) => {
    if (staffAbilities(viewer.roles).view_audit_log)
      void queryClient.prefetchInfiniteQuery(auditLogQueryOptions());
  },
  component: MedelAuditPage,
});

function MedelAuditPage() {
  const { language } = Route.useRouteContext();
  return <StaffAuditScreen language={language} />;
}
