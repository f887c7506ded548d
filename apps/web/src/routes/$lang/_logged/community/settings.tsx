import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../components/ui/coming-soon';
import { checkGroup, checkProfile } from '../../../../lib/route-checks';

/** Checks (spec §2): auth (layout), profile, group; connection is not wired yet. */
export const Route = createFileRoute('/$lang/_logged/community/settings')({
  beforeLoad: checkProfile,
  loader: ({ context }) => checkGroup(context),
  component: CommunitySettingsPage,
});

function CommunitySettingsPage() {
  return <ComingSoon area="communitySettings" />;
}
