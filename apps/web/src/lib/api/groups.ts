/**
 * Group calls (issue 12, decision 0042): one fetcher and one query-options factory per call. A
 * group the viewer may not know of answers 404, read here as "none". Every change of a membership
 * answers with the group as the viewer now sees it; `applyGroupChange` puts it in the cache.
 */
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  GroupAdminInput,
  GroupCreateInput,
  GroupListOutput,
  GroupMembersOutput,
  GroupMembershipOutput,
  GroupOutput,
  GroupUpdateInput,
  MemberListQuery,
  PendingMembersOutput,
  PostKind,
  PostListOutput,
  SocialGroupOutput,
} from '@attune/contract';
import { postKeys, uploadPostImage } from './posts';
import { authed, profileKeys } from './profile';
import { ApiError } from '../rest-client';

/** Which groups a list shows: every group the viewer may see, or only their own; a name part. */
export interface GroupListFilters {
  show: 'all' | 'mine';
  search: string;
}

/** Query keys of groups; any change of a group or a membership refreshes them all. */
export const groupKeys = {
  all: ['groups'] as const,
  /** `groups/me`: the viewer's groups (the `group` route check puts them in the cache). */
  mine: () => [...groupKeys.all, 'mine'] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
  list: (filters: GroupListFilters) => [...groupKeys.lists(), filters] as const,
  /** `group/groups`: the groups the viewer may write in. */
  postable: () => [...groupKeys.all, 'postable'] as const,
  details: () => [...groupKeys.all, 'detail'] as const,
  /** A group by the address it was asked with (slug or id), compared without case. */
  detail: (ref: string) => [...groupKeys.details(), ref.trim().toLowerCase()] as const,
  pending: (groupId: number) => [...groupKeys.all, 'pending', groupId] as const,
  members: (groupId: number, filters: GroupMemberFilters = {}) =>
    [...groupKeys.all, 'members', groupId, filters] as const,
};

/** Posts of a group live under the posts' keys, so writing any post refreshes them too. */
export const groupPostKeys = {
  all: (groupId: number) => [...postKeys.all, 'group', groupId] as const,
  list: (groupId: number, kind: PostKind) => [...groupPostKeys.all(groupId), kind] as const,
};

const withQuery = (path: string, values: Record<string, string | number | undefined>) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== '') query.set(key, String(value));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
};

/** A paged list of groups at this path (`cursor` added for later pages). */
const pagedGroups = (
  queryKey: readonly unknown[],
  path: string,
  query: Record<string, string | undefined> = {},
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) =>
      authed<GroupListOutput>(withQuery(path, { ...query, cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** `groups/me`: the viewer's groups, page by page. */
export const myGroupsQueryOptions = () => pagedGroups(groupKeys.mine(), 'groups/me');

/**
 * `GET /api/groups?search=&show=`: the groups the viewer may see (or only theirs), page by page.
 * "My groups" without a search is `groups/me`, the list the route check already loaded.
 */
export const groupListQueryOptions = (filters: GroupListFilters) => {
  const search = filters.search.trim();
  if (filters.show === 'mine' && !search) return myGroupsQueryOptions();
  return pagedGroups(groupKeys.list({ show: filters.show, search }), 'groups', {
    search,
    show: filters.show,
  });
};

/** Pages of `group/groups` read for the composer's group choice, at most. */
const POSTABLE_MAX_PAGES = 10;

/** `GET /api/group/groups`: every group the viewer may write in (for the composer's choice). */
export const postableGroupsQueryOptions = () =>
  queryOptions({
    queryKey: groupKeys.postable(),
    queryFn: async () => {
      const groups: GroupOutput[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < POSTABLE_MAX_PAGES; page += 1) {
        const answer = await authed<GroupListOutput>(withQuery('group/groups', { cursor }));
        groups.push(...answer.items);
        if (!answer.nextCursor) break;
        cursor = answer.nextCursor;
      }
      return groups;
    },
  });

/** `GET /api/group/{idOrSlug}`: the group, or null when there is none the viewer may know of. */
export const groupQueryOptions = (ref: string) =>
  queryOptions({
    queryKey: groupKeys.detail(ref),
    queryFn: async () => {
      try {
        return await authed<GroupOutput>(`group/${encodeURIComponent(ref.trim())}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** `GET /api/group/posts` or `group/questions`: the group's posts or questions, newest first. */
export const groupPostsQueryOptions = (groupId: number, kind: PostKind) =>
  infiniteQueryOptions({
    queryKey: groupPostKeys.list(groupId, kind),
    queryFn: ({ pageParam }) =>
      authed<PostListOutput>(
        withQuery(kind === 'question' ? 'group/questions' : 'group/posts', {
          groupId,
          cursor: pageParam,
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** The directory's filters (step 6) within one group; empty values are left out. */
export type GroupMemberFilters = Partial<Record<Exclude<keyof MemberListQuery, 'cursor'>, string>>;

/** `GET /api/group/members?groupId=`: the group's members with their place in it, page by page. */
export const groupMembersQueryOptions = (groupId: number, filters: GroupMemberFilters = {}) =>
  infiniteQueryOptions({
    queryKey: groupKeys.members(groupId, filters),
    queryFn: ({ pageParam }) =>
      authed<GroupMembersOutput>(
        withQuery('group/members', { groupId, ...filters, cursor: pageParam }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** `GET /api/pending-members?groupId=`: who asked to join, for the group's admins and staff. */
export const pendingMembersQueryOptions = (groupId: number) =>
  infiniteQueryOptions({
    queryKey: groupKeys.pending(groupId),
    queryFn: ({ pageParam }) =>
      authed<PendingMembersOutput>(withQuery('pending-members', { groupId, cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** `POST /api/social/groups` (BuddyPress v1): a new group, the viewer its first admin. */
export const createGroup = (input: GroupCreateInput) =>
  authed<SocialGroupOutput>('social/groups', { method: 'POST', body: input });

/** `POST /api/group/update`: a group admin's (or staff's) change. */
export const updateGroup = (input: GroupUpdateInput) =>
  authed<GroupOutput>('group/update', { method: 'POST', body: input });

/** An image for a group's cover, through the same media upload as posts; its `/media/` address. */
export const uploadGroupCover = (file: File) => uploadPostImage(file, file.name);

/** What the viewer does about their own membership of a group. */
export type MembershipAction = 'join' | 'request' | 'cancelRequest' | 'leave';

/**
 * Joins a public group, asks to join a private one, withdraws that request, or leaves; the answer
 * holds the group as the viewer now sees it.
 */
export function changeMembership(
  action: MembershipAction,
  groupId: number,
  viewerId: number,
): Promise<GroupMembershipOutput> {
  switch (action) {
    case 'join':
      // BuddyPress's shape.
      return authed(`social/groups/${groupId}/members`, {
        method: 'POST',
        body: { user_id: viewerId },
      });
    case 'leave':
      return authed(`social/groups/${groupId}/members/${viewerId}`, { method: 'DELETE' });
    case 'request':
      return authed('groups/membership-requests', { method: 'POST', body: { groupId } });
    case 'cancelRequest':
      return authed(`groups/membership-requests/${groupId}`, { method: 'DELETE' });
  }
}

/** `POST /api/group/manage-pending-requests`: a group admin accepts or declines a request. */
export const answerMembershipRequest = (
  groupId: number,
  userId: number,
  action: 'accept' | 'reject',
) =>
  authed<GroupMembershipOutput>('group/manage-pending-requests', {
    method: 'POST',
    body: { groupId, userId, action },
  });

/**
 * `POST /api/group/admins`: a group admin (or staff) makes a member one of the group's admins
 * (`admin: true`), or an admin a member again. Refused with 409 `last_admin` when the group would
 * be left without an admin; the caller refreshes with `applyGroupChange`.
 */
export const setGroupAdmin = (input: GroupAdminInput) =>
  authed<GroupMembershipOutput>('group/admins', { method: 'POST', body: input });

/**
 * After a group or a membership changed: the group as the server now gives it replaces every
 * cached copy (by slug or id), and the lists, member lists, the group's posts and the profiles
 * (which list their members' groups) are read again.
 */
export async function applyGroupChange(
  queryClient: QueryClient,
  group: GroupOutput,
): Promise<void> {
  queryClient.setQueriesData<GroupOutput | null>({ queryKey: groupKeys.details() }, (old) =>
    old && old.id === group.id ? group : old,
  );
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: groupKeys.all,
      // The copies just replaced are current.
      predicate: (query) => query.queryKey[1] !== 'detail',
    }),
    queryClient.invalidateQueries({ queryKey: groupPostKeys.all(group.id) }),
    queryClient.invalidateQueries({ queryKey: profileKeys.members() }),
  ]);
}
