import { createFileRoute, Outlet, useLocation } from '@tanstack/react-router';
import { StaffWorkspace } from '../../../features/staff/components/staff-workspace';
import { loadNamespaces } from '../../../lib/i18n';
import { checkConnection, checkGroup, checkNotification } from '../../../lib/route-checks';

/**
 * `/{lang}/medel`, the staff workspace around its sections. Checks (spec §2): auth (layout),
 * connection, group, notification. Who may see what follows the contract's staff table; members
 * and mentors get a "not for you" page here, not a redirect.
 */
export const Route = createFileRoute('/$lang/_auth-member/medel')({
  loader: async ({ context }) => {
    await Promise.all([
      checkConnection(context),
      checkGroup(context),
      checkNotification(context),
      loadNamespaces(['staff', 'groups', 'connections']),
    ]);
  },
  component: MedelLayout,
});

function MedelLayout() {
  const { language, viewer } = Route.useRouteContext();
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <StaffWorkspace language={language} roles={viewer.roles} pathname={pathname}>
      <Outlet />
    </StaffWorkspace>
  );
}
