import { createFileRoute } from '@tanstack/react-router';
import { ProfileStartScreen } from '../../../../features/auth/components/profile-start-screen';

export const Route = createFileRoute('/$lang/_authed/profile/start')({
  component: ProfileStartPage,
});

function ProfileStartPage() {
  const { language } = Route.useRouteContext();
  return <ProfileStartScreen language={language} />;
}
