import { createFileRoute } from '@tanstack/react-router';
import { UserFetchErrorContent } from '../../../../components/ui/user-fetch-error';
import { CommunitySettingsScreen } from '../../../../features/profile/components/community-settings-screen';
import { requestSettingsQueryOptions } from '../../../../lib/api/connections';
import { loadNamespaces } from '../../../../lib/i18n';
import { messageSettingsQueryOptions } from '../../../../lib/api/message-settings';
import {
  meQueryOptions,
  notificationPreferencesQueryOptions,
  profileFieldsQueryOptions,
} from '../../../../lib/api/profile';
import { checkConnection, checkGroup, checkProfile } from '../../../../lib/route-checks';

/** Checks (spec §2): auth (layout), group, profile, connection. */
export const Route = createFileRoute('/$lang/_logged/community/settings')({
  beforeLoad: checkProfile,
  loader: async ({ context: { queryClient, language } }) => {
    // The message and request settings and the notification preferences may fail on their own;
    // each section then says so.
    void queryClient.prefetchQuery(messageSettingsQueryOptions());
    void queryClient.prefetchQuery(requestSettingsQueryOptions());
    void queryClient.prefetchQuery(notificationPreferencesQueryOptions());
    await Promise.all([
      checkGroup({ queryClient, language }),
      checkConnection({ queryClient, language }),
      queryClient.ensureQueryData(meQueryOptions()),
      queryClient.ensureQueryData(profileFieldsQueryOptions(language)),
      loadNamespaces(['profile']),
    ]);
  },
  component: CommunitySettingsPage,
  // 'User ID not found' or 'Error fetching user data' when fetch-user fails (spec §8).
  errorComponent: FetchUserFailed,
});

function CommunitySettingsPage() {
  const { language } = Route.useRouteContext();
  return <CommunitySettingsScreen language={language} />;
}

function FetchUserFailed({ error }: { error: unknown }) {
  const { language } = Route.useRouteContext();
  return <UserFetchErrorContent error={error} language={language} />;
}
