import { createFileRoute } from '@tanstack/react-router';
import { ProfileStartScreen } from '../../../../features/auth/components/profile-start-screen';
import { checkProfile } from '../../../../lib/route-checks';

/** Checks: auth (layout) and profile, which lets a member whose setup is pending stay here. */
export const Route = createFileRoute('/$lang/_auth-member/profile/start')({
  beforeLoad: checkProfile,
  component: ProfileStartPage,
});

function ProfileStartPage() {
  const { language } = Route.useRouteContext();
  return <ProfileStartScreen language={language} />;
}
