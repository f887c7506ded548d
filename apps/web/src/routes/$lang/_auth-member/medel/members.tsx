import { createFileRoute } from '@tanstack/react-router';
import { staffAbilities } from '@attune/contract';
import { StaffMembersScreen } from '../../../../features/staff/components/staff-members-screen';

/** `/{lang}/medel/members`: the area's members, "Is this e-mail registered?", invitations. */
export const Route = createFileRoute('/$lang/_auth-member/medel/members')({
  component: MedelMembersPage,
});

function MedelMembersPage() {
  const { language, viewer } = Route.useRouteContext();
  return (
    <StaffMembersScreen
      language={language}
      abilities={staffAbilities(viewer.roles)}
      roles={viewer.roles}
      viewerId={viewer.databaseId}
    />
  );
}
