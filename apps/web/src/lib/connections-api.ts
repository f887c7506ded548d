/**
 * Connection calls (spec §7: friends, connection/accept-friend, reject-friend, cancel-friend):
 * each takes the other member's database id. The answers are not read: after any of them the
 * screens read the member's state again (profile pages, the connections page).
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  MemberListOutput,
  MemberListQuery,
  MemberSuggestionsOutput,
  MyFriends,
} from '@attune/contract';
import { authed } from './profile-api';

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
