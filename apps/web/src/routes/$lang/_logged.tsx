import { createFileRoute, redirect } from '@tanstack/react-router';
import type { AuthUser } from '@attune/contract';
import { viewerQueryOptions } from '../../features/auth/api/viewer';
import { endSessionLocally, getValidAuthToken, isUnauthorized } from '../../lib/auth-session';

/** Pages for signed-in members: without a valid auth cookie → login with a redirect back here. */
export const Route = createFileRoute('/$lang/_authed')({
  beforeLoad: async ({ context, location }) => {
    const toLogin = () =>
      redirect({
        to: '/$lang/login',
        params: { lang: context.language },
        search: { redirect: location.href },
        replace: true,
      });
    const token = await getValidAuthToken();
    if (!token) throw toLogin();
    let viewer: AuthUser | null;
    try {
      viewer = await context.queryClient.ensureQueryData(viewerQueryOptions());
    } catch (error) {
      // A token the server refuses (and could not be refreshed) means signed out; others are errors.
      if (!isUnauthorized(error)) throw error;
      viewer = null;
    }
    if (!viewer) {
      endSessionLocally();
      context.queryClient.removeQueries({ queryKey: viewerQueryOptions().queryKey });
      throw toLogin();
    }
    return { viewer };
  },
});
