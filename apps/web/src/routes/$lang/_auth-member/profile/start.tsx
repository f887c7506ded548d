import { createFileRoute } from '@tanstack/react-router';
import { UserFetchErrorContent } from '../../../../components/ui/user-fetch-error';
import { OnboardingScreen } from '../../../../features/onboarding';
import { loadNamespaces } from '../../../../lib/i18n';
import { meQueryOptions, profileFieldsQueryOptions } from '../../../../lib/api/profile';
import { checkProfile } from '../../../../lib/route-checks';

/** Checks: auth (layout) and profile, which lets a member whose setup is pending stay here. */
export const Route = createFileRoute('/$lang/_auth-member/profile/start')({
  beforeLoad: checkProfile,
  // The saved profile decides where the onboarding resumes; the field choices are needed at once.
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(meQueryOptions()),
      context.queryClient.prefetchQuery(profileFieldsQueryOptions(context.language)),
      // Field names come from the profile texts, shared with the settings page.
      loadNamespaces(['onboarding', 'profile']),
    ]),
  component: ProfileStartPage,
  // 'User ID not found' or 'Error fetching user data' when fetch-user fails (spec §8).
  errorComponent: FetchUserFailed,
});

function ProfileStartPage() {
  const { language } = Route.useRouteContext();
  return <OnboardingScreen language={language} />;
}

function FetchUserFailed({ error }: { error: unknown }) {
  const { language } = Route.useRouteContext();
  return <UserFetchErrorContent error={error} language={language} />;
}
