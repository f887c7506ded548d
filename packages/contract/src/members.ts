import { SEARCH_MAX_LENGTH } from './constants';
import { z } from 'zod';
import { ROLES } from './constants';

/**
 * The member directory (step 6, decision 0033): `GET /api/connection/list-users`,
 * `GET /api/social/members` (the same list) and `GET /api/connection/suggestions`.
 */

/** Longest search text (SEARCH_MAX_LENGTH, the one limit of every search). */
export const MEMBER_SEARCH_MAX_LENGTH = SEARCH_MAX_LENGTH;

/** A choice value in a filter (a country code, a device type …). */
const choice = z.string().trim().min(1).max(100);

/** A comma-joined list in a query string ("en,de"), as the profile payload sends lists (spec §3). */
const commaList = z
  .string()
  .max(500)
  .transform((value) =>
    [
      ...new Set(
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
    ].slice(0, 20),
  );

/**
 * The directory's query string. Every filter is optional and they combine (AND); a list filter
 * (interests, speakingLanguages) matches a member who has any one of its values. A filter on a
 * field the member hides from the viewer never matches that member.
 */
export const MemberListQuery = z.object({
  /** Part of a display name, first or last name; accents and case are ignored (spec §5). */
  search: z.string().trim().max(MEMBER_SEARCH_MAX_LENGTH).optional(),
  /** Two-letter country code (the profile's country field). */
  country: choice.optional(),
  region: choice.optional(),
  deviceType: choice.optional(),
  hearingAidType: choice.optional(),
  stage: choice.optional(),
  /** Comma-joined interest values: members with any of them. */
  interests: commaList.optional(),
  /** Comma-joined language codes: members who speak any of them. */
  speakingLanguages: commaList.optional(),
  /** Members who have this role (e.g. `mentor`), whatever their other roles. */
  role: z.enum(ROLES).optional(),
  /** `nextCursor` of the previous page; absent for the first page. */
  cursor: z.string().max(500).optional(),
});
export type MemberListQuery = z.infer<typeof MemberListQuery>;

/**
 * A member-list entry (spec §3), as the signed-in viewer may see it. Profile values the member
 * hides from this viewer are '' (text) or [] (lists), exactly as if unset.
 */
export const MemberListEntry = z.object({
  /** The member's global id, as GraphQL's `User.id` (base64 of `user:<databaseId>`). */
  cid: z.string(),
  /** The member's database id, as GraphQL's `databaseId` and every REST path. */
  id: z.number().int(),
  avatarUrl: z.string().nullable(),
  /** Two-letter country code of the profile's country field. */
  country: z.string(),
  region: z.string(),
  /** The member's "about" text. */
  description: z.string(),
  headline: z.string(),
  lastName: z.string(),
  /** The first name (the profile form's name field). */
  name: z.string(),
  /** The display name, which is also the profile address (`/profile/{nickname}`). */
  nickname: z.string(),
  /** The member's community area; 'international' by default (spec §9). */
  area: z.string(),
  /** The highest-priority role only (spec §6), as a one-element list. */
  roles: z.array(z.enum(ROLES)),
  /** Language codes. */
  speakingLanguages: z.array(z.string()),
  /** Interest values. */
  interests: z.array(z.string()),
  /** Where the member lives: the country again (spec §3), a two-letter code or ''. */
  livingIn: z.string(),
  /** True when the two are connected. */
  isConnected: z.boolean(),
  /** True while a connection request between the two waits, whoever sent it. */
  isPending: z.boolean(),
  /** FRIEND_STATUS: 1 connected, 2 the viewer's request waits, 3 none (default), 4 theirs waits. */
  isFriend: z.number().int(),
});
export type MemberListEntry = z.infer<typeof MemberListEntry>;

/** One page of the directory: up to MEMBER_LIST_PAGE_SIZE entries, and the next page's cursor. */
export const MemberListOutput = z.object({
  items: z.array(MemberListEntry),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type MemberListOutput = z.infer<typeof MemberListOutput>;

/** "People like you": members ranked by what they share with the viewer, best first. */
export const MemberSuggestionsOutput = z.object({
  items: z.array(
    MemberListEntry.extend({
      /** What the member shares with the viewer (visible fields only), highest weight first. */
      shared: z.array(z.enum(['deviceType', 'stage', 'speakingLanguages', 'country', 'interests'])),
    }),
  ),
});
export type MemberSuggestionsOutput = z.infer<typeof MemberSuggestionsOutput>;

/**
 * Spec §7 `ListMyFriends`: the members with these ids, up to FRIENDS_PAGE_SIZE (1000), with the
 * friend-listing fields of spec §3 in WPGraphQL's shapes (decision 0033).
 */
export const LIST_MY_FRIENDS_QUERY = `
query ListMyFriends($include: [Int]) {
  users(first: 1000, where: { include: $include }) {
    nodes {
      id
      databaseId
      name
      avatar { url }
      nickname
      locale
      lastName
      roles { nodes { name } }
      description
      headline
      extendedProfiles { group_name fields { name type value } }
      isFriend
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** A node of `ListMyFriends`. */
export interface ListedUser {
  id: string;
  databaseId: number;
  name: string;
  avatar: { url: string | null };
  nickname: string;
  locale: string;
  lastName: string;
  roles: { nodes: { name: string }[] };
  description: string;
  headline: string | null;
  extendedProfiles: {
    group_name: string;
    fields: { name: string; type: string; value: string | null }[];
  }[];
  isFriend: number;
}

export interface ListMyFriendsResult {
  users: { nodes: ListedUser[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
}
