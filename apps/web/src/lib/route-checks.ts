import type { QueryClient } from '@tanstack/react-query';
import { notFound, redirect, type ParsedLocation } from '@tanstack/react-router';
import type { AuthUser, GroupOutput, Language } from '@attune/contract';
import { endSessionLocally, getValidAuthToken, isUnauthorized } from './auth-session';
import { readAuthToken } from './auth-token';

/**
 * The named checks of spec §2 ("checks before showing"), run as route `beforeLoad` steps. Each
 * loads what it needs into the query cache and redirects when the visitor may not see the page.
 * auth, profile, connection, group, notification and chat (decision 0009).
 */
export interface CheckInput {
  context: { queryClient: QueryClient; language: Language };
  location: Pick<ParsedLocation, 'href' | 'pathname'>;
}

/**
 * auth: a signed-out visitor goes to `/{lang}/login?redirect=<this page>` and comes back after
 * logging in. Returns the signed-in member (cached as the profile state).
 */
export async function checkAuth({ context, location }: CheckInput): Promise<{ viewer: AuthUser }> {
  const toLogin = () =>
    redirect({
      to: '/$lang/login',
      params: { lang: context.language },
      search: { redirect: location.href },
      replace: true,
    });
  const token = await getValidAuthToken();
  if (!token) throw toLogin();
  // Loaded here, not imported: route checks run on every page, the login page included, which
  // never needs the viewer query (decision 0018).
  const { viewerQueryOptions } = await import('./viewer');
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
}

/** auth on login and registration pages: a signed-in member goes to the home page instead. */
export async function checkSignedOut({
  context,
}: {
  context: { language: Language };
}): Promise<void> {
  if (readAuthToken() && (await getValidAuthToken())) {
    throw redirect({ to: '/$lang', params: { lang: context.language }, replace: true });
  }
}

/**
 * profile: a member whose setup is not complete goes to `/{lang}/profile/start` (spec §4). Runs
 * after auth, which put the member in the context.
 */
export function checkProfile({
  context,
  location,
}: {
  context: { language: Language; viewer: AuthUser };
  location: Pick<ParsedLocation, 'pathname'>;
}): void {
  if (context.viewer.completedSetup) return;
  if (location.pathname.replace(/\/+$/, '') === `/${context.language}/profile/start`) return;
  throw redirect({ to: '/$lang/profile/start', params: { lang: context.language }, replace: true });
}

/**
 * connection: the member's connections and requests (both ways) are in the query cache before the
 * page shows, so it opens with them rather than with a spinner.
 */
export async function checkConnection(context: CheckInput['context']): Promise<void> {
  const { myFriendsQueryOptions } = await import('./api/connections');
  await context.queryClient.ensureQueryData(myFriendsQueryOptions());
}

/**
 * group: the viewer's groups (`groups/me`) are in the query cache before the page shows. Given a
 * group (a page about one group, `/{lang}/groups/{group}/members`), it also loads that group: a
 * group that does not exist or that the viewer may not know of is not found (the route's not-found
 * page); one whose posts and members the viewer may not read sends them to the group's page, which
 * says how to join. Returns that group.
 */
export async function checkGroup(
  context: CheckInput['context'],
  group?: string,
): Promise<GroupOutput | undefined> {
  const { groupQueryOptions, myGroupsQueryOptions } = await import('./api/groups');
  const [, found] = await Promise.all([
    context.queryClient.ensureInfiniteQueryData(myGroupsQueryOptions()),
    group === undefined ? undefined : context.queryClient.ensureQueryData(groupQueryOptions(group)),
  ]);
  if (group === undefined) return undefined;
  if (!found) throw notFound();
  if (!found.may.read) {
    throw redirect({
      to: '/$lang/groups/$group',
      params: { lang: context.language, group: found.slug },
      replace: true,
    });
  }
  return found;
}

/**
 * notification: the member's unread count is in the query cache before the page shows, so the
 * header's notifications link opens with it (the header then reads it again every minute). A
 * count that cannot be read does not keep the page from showing: the link is shown without a
 * count until the next try.
 */
export async function checkNotification(context: CheckInput['context']): Promise<void> {
  const { notificationCountQueryOptions } = await import('./api/notifications');
  try {
    // Not tried again here: the page does not wait for a second try of a hint.
    await context.queryClient.ensureQueryData({ ...notificationCountQueryOptions(), retry: false });
  } catch {
    // The count is a hint; the page is what the member came for.
  }
}

/**
 * chat: the header's counts (unread messages and notifications, `GET live/counts`) are in the
 * query cache before the page shows, so the chat link opens with its count; the live socket keeps
 * them from then on. Like the notification count, a count that cannot be read does not keep the
 * page from showing.
 */
export async function checkChat(context: CheckInput['context']): Promise<void> {
  const { liveCountsQueryOptions } = await import('./live-counts');
  try {
    await context.queryClient.ensureQueryData({ ...liveCountsQueryOptions(), retry: false });
  } catch {
    // The counts are a hint; the page is what the member came for.
  }
}
