import { createFileRoute } from '@tanstack/react-router';
import { UserFetchErrorContent } from '../../../../components/ui/user-fetch-error';
import { SettingsScreen } from '../../../../features/profile/components/settings-screen';
import { blocksQueryOptions, requestSettingsQueryOptions } from '../../../../lib/api/connections';
import { loadNamespaces } from '../../../../lib/i18n';
import {
  meQueryOptions,
  notificationPreferencesQueryOptions,
  profileFieldsQueryOptions,
} from '../../../../lib/api/profile';
import { messageSettingsQueryOptions } from '../../../../lib/api/message-settings';
import {
  checkChat,
  checkConnection,
  checkGroup,
  checkNotification,
  checkProfile,
} from '../../../../lib/route-checks';

/** Checks (spec §2): auth (layout), profile, connection, group, notification, chat. */
export const Route = createFileRoute('/$lang/_logged/profile/settings')({
  beforeLoad: checkProfile,
  loader: async ({ context: { queryClient, language } }) => {
    // Notification preferences, the connection request and message settings and the blocked
    // members may fail on their own; each section then says so.
    void queryClient.prefetchQuery(notificationPreferencesQueryOptions());
    void queryClient.prefetchQuery(requestSettingsQueryOptions());
    void queryClient.prefetchQuery(messageSettingsQueryOptions());
    void queryClient.prefetchQuery(blocksQueryOptions());
    await Promise.all([
      checkConnection({ queryClient, language }),
      checkGroup({ queryClient, language }),
      checkNotification({ queryClient, language }),
      checkChat({ queryClient, language }),
      queryClient.ensureQueryData(meQueryOptions()),
      queryClient.ensureQueryData(profileFieldsQueryOptions(language)),
      loadNamespaces(['profile']),
    ]);
  },
  component: ProfileSettingsPage,
  // 'User ID not found' or 'Error fetching user data' when fetch-user fails (spec §8).
  errorComponent: FetchUserFailed,
});

function ProfileSettingsPage() {
  const { language } = Route.useRouteContext();
  return <SettingsScreen language={language} />;
}

function FetchUserFailed({ error }: { error: unknown }) {
  const { language } = Route.useRouteContext();
  return <UserFetchErrorContent error={error} language={language} />;
}
