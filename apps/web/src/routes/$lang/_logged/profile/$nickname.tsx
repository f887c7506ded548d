import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import {
  UserFetchErrorContent,
  UserNotFoundContent,
} from '../../../../components/ui/user-fetch-error';
import { ProfileScreen } from '../../../../features/profile/components/profile-screen';
import { profileAddress } from '../../../../lib/display-name';
import { loadNamespaces } from '../../../../lib/i18n';
import { profileFieldsQueryOptions, profileQueryOptions } from '../../../../lib/api/profile';

/**
 * A member's profile at `/{lang}/profile/{nickname}` (spec §3): their display name, any case, or
 * their username while they have none. Another address of the same member (their username, once
 * they chose a name) moves to the display name. No such member: 'User ID not found'.
 */
export const Route = createFileRoute('/$lang/_logged/profile/$nickname')({
  loader: async ({ context: { queryClient, language }, params }) => {
    const [profile] = await Promise.all([
      queryClient.ensureQueryData(profileQueryOptions(params.nickname)),
      queryClient.ensureQueryData(profileFieldsQueryOptions(language)),
      // `groups`: the groups' status words.
      loadNamespaces(['profile', 'connections', 'groups']),
    ]);
    if (!profile) throw notFound();
    const address = profileAddress(profile);
    if (address && address.toLowerCase() !== params.nickname.trim().toLowerCase()) {
      throw redirect({
        to: '/$lang/profile/$nickname',
        params: { lang: language, nickname: address },
        replace: true,
      });
    }
  },
  component: ProfilePage,
  // Shown inside the logged layout, so the member keeps their navigation.
  notFoundComponent: ProfileNotFound,
  errorComponent: ProfileError,
});

function ProfileNotFound() {
  const { language } = Route.useRouteContext();
  return <UserNotFoundContent language={language} />;
}

function ProfileError({ error }: { error: unknown }) {
  const { language } = Route.useRouteContext();
  return <UserFetchErrorContent error={error} language={language} />;
}

function ProfilePage() {
  const { language } = Route.useRouteContext();
  const { nickname } = Route.useParams();
  return <ProfileScreen key={nickname} language={language} nickname={nickname} />;
}
