/**
 * Connection calls (spec §7: friends, connection/accept-friend, reject-friend, cancel-friend):
 * each takes the other member's database id. The answers are not read: after any of them the
 * screens read the member's state again (profile pages, the connections page).
 */
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  BlockList,
  ConnectionRequestsFrom,
  ConnectionSettings,
  MemberListOutput,
  MemberListQuery,
  MemberReport,
  MemberSuggestionsOutput,
  MyFriends,
} from '@attune/contract';
import { authed, profileKeys } from './profile';

export type FriendshipAction = 'request' | 'accept' | 'reject' | 'cancel' | 'remove';

/** Query keys of connection data; every friendship change refreshes all of them. */
export const connectionKeys = {
  all: ['connections'] as const,
};

/** Sends one action about the member with this database id. */
export function sendFriendshipAction(action: FriendshipAction, memberId: number): Promise<unknown> {
  switch (action) {
    case 'request':
      // BuddyPress's shape.
      return authed('social/friends', { method: 'POST', body: { friend_id: memberId } });
    case 'accept':
    case 'reject':
    case 'cancel':
      return authed(`connection/${action}-friend`, { method: 'POST', body: { userId: memberId } });
    case 'remove':
      return authed(`social/friends/${memberId}`, { method: 'DELETE' });
  }
}

/** `GET /api/connection/my-friends`: connections, requests to me and my requests. */
export const myFriendsQueryOptions = () =>
  queryOptions({
    queryKey: [...connectionKeys.all, 'mine'] as const,
    queryFn: () => authed<MyFriends>('connection/my-friends'),
  });

/** The directory's filters as the search form holds them; empty values are left out. */
export type MemberFilters = Partial<Record<Exclude<keyof MemberListQuery, 'cursor'>, string>>;

/** `GET /api/connection/list-users`: one page of members matching the filters. */
export function fetchMembers(filters: MemberFilters, cursor?: string): Promise<MemberListOutput> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  if (cursor) query.set('cursor', cursor);
  const search = query.toString();
  return authed<MemberListOutput>(`connection/list-users${search ? `?${search}` : ''}`);
}

/** Every page read so far of one search (a "show more" list). */
export const membersQueryOptions = (filters: MemberFilters) =>
  infiniteQueryOptions({
    queryKey: [...connectionKeys.all, 'members', filters] as const,
    queryFn: ({ pageParam }) => fetchMembers(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** `GET /api/connection/suggestions`: people like the viewer, best first. */
export const suggestionsQueryOptions = () =>
  queryOptions({
    queryKey: [...connectionKeys.all, 'suggestions'] as const,
    queryFn: () => authed<MemberSuggestionsOutput>('connection/suggestions'),
  });

/** `GET /api/connection/blocks`: the members the viewer blocked, newest first. */
export const blocksQueryOptions = () =>
  queryOptions({
    queryKey: [...connectionKeys.all, 'blocks'] as const,
    queryFn: () => authed<BlockList>('connection/blocks'),
  });

/** `GET /api/connection/settings`: who may send the viewer connection requests. */
export const requestSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...connectionKeys.all, 'settings'] as const,
    queryFn: () => authed<ConnectionSettings>('connection/settings'),
  });

/** `PATCH /api/connection/settings`: the viewer's new choice, as the server stored it. */
export const updateRequestSettings = (requestsFrom: ConnectionRequestsFrom) =>
  authed<ConnectionSettings & { message: string }>('connection/settings', {
    method: 'PATCH',
    body: { requestsFrom },
  });

/** `POST /api/connection/block`: ends any connection with the member and hides each from the other. */
export const blockMember = (memberId: number) =>
  authed<{ message: string }>('connection/block', { method: 'POST', body: { userId: memberId } });

/** `POST /api/connection/unblock`: lifts the viewer's block of the member. */
export const unblockMember = (memberId: number) =>
  authed<{ message: string }>('connection/unblock', { method: 'POST', body: { userId: memberId } });

/** `POST /api/connection/report`: a report for the team (details are required for `other`). */
export const reportMember = (report: MemberReport) =>
  authed<{ message: string }>('connection/report', { method: 'POST', body: report });

/**
 * After a block or unblock: every connection list (and the block list), every profile page (a
 * blocked member's is gone) and one's own profile (the connection count) are read again. Call it
 * once the screen no longer shows the blocked member's profile: a page still open on it would
 * read it again and find nothing.
 */
export function refreshAfterBlockChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
    queryClient.invalidateQueries({ queryKey: profileKeys.members() }),
    queryClient.invalidateQueries({ queryKey: profileKeys.me() }),
  ]);
}
