import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../components/ui/coming-soon';
import { checkProfile } from '../../../../lib/route-checks';

/** Checks: auth (layout), profile. Later steps add the rest of the spec's checks. */
export const Route = createFileRoute('/$lang/_logged/community/settings')({
  beforeLoad: checkProfile,
  component: CommunitySettingsPage,
});

function CommunitySettingsPage() {
  return <ComingSoon area="communitySettings" />;
}
