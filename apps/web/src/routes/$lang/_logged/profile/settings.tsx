import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../components/ui/coming-soon';
import { checkProfile } from '../../../../lib/route-checks';

/** Checks: auth (layout), profile. Later steps add the rest of the spec's checks. */
export const Route = createFileRoute('/$lang/_logged/profile/settings')({
  beforeLoad: checkProfile,
  component: ProfileSettingsPage,
});

function ProfileSettingsPage() {
  return <ComingSoon area="profileSettings" />;
}
