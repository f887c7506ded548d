import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotFoundContent } from '../../../../components/ui/route-error';
import { ProfileScreen } from '../../../../features/profile/components/profile-screen';
import { loadNamespaces } from '../../../../lib/i18n';
import { profileFieldsQueryOptions, profileQueryOptions } from '../../../../lib/profile-api';

/** A member's profile; the `nickname` parameter holds their username. No such member: 404. */
export const Route = createFileRoute('/$lang/_logged/profile/$nickname')({
  loader: async ({ context: { queryClient, language }, params }) => {
    const [profile] = await Promise.all([
      queryClient.ensureQueryData(profileQueryOptions(params.nickname)),
      queryClient.ensureQueryData(profileFieldsQueryOptions(language)),
      loadNamespaces(['profile']),
    ]);
    if (!profile) throw notFound();
  },
  component: ProfilePage,
  // Shown inside the logged layout, so the member keeps their navigation.
  notFoundComponent: ProfileNotFound,
});

function ProfileNotFound() {
  const { language } = Route.useRouteContext();
  return <NotFoundContent language={language} />;
}

function ProfilePage() {
  const { language } = Route.useRouteContext();
  const { nickname } = Route.useParams();
  return <ProfileScreen key={nickname} language={language} username={nickname} />;
}
