import {
  friendStatusOf,
  type MemberListEntry,
  type MemberSuggestionsOutput,
} from '@attune/contract';
import { PROFILE_GROUP_NAME, userGlobalId } from '../users/service';
import { DIRECTORY_FIELDS, type DirectoryRow, type StoredEntry } from './repository';
import { type SuggestionRecord } from './suggestions-repository';

/** The viewer-visible values of group 1 by lower-cased field name (hidden and unset are absent). */
const valuesOf = (row: DirectoryRow) =>
  new Map(row.fields.map(([field, , value]) => [field.toLowerCase(), value]));

/** How a member stands to the viewer in an entry: the flags and FRIEND_STATUS number. */
export type FriendFlags = Pick<MemberListEntry, 'isConnected' | 'isPending' | 'isFriend'>;

/** The friend status numbers and flags of a member for the viewer (FRIEND_STATUS). */
export function friendFlags(
  row: Pick<DirectoryRow, 'id' | 'friendship'>,
  viewerId: number,
): FriendFlags {
  return {
    isConnected: row.friendship === 'accepted',
    isPending: row.friendship === 'sent' || row.friendship === 'received',
    isFriend: friendStatusOf(row.id === viewerId, row.friendship),
  };
}

/**
 * A member-list entry (spec §3) for this viewer: the member's stored entry for how they stand to
 * the viewer (migration 0028, decision 0061: only the values the users policy opens to such a
 * reader; a hidden value reads as '' or [], like an unset one), and the friend flags.
 */
export const presentEntry = (
  row: StoredEntry & Pick<DirectoryRow, 'id' | 'friendship'>,
  viewerId: number,
): MemberListEntry => ({
  ...(JSON.parse(row.entry) as Omit<MemberListEntry, keyof FriendFlags>),
  ...friendFlags(row, viewerId),
});

type Suggestion = MemberSuggestionsOutput['items'][number];

/** A suggestion: the entry and what the member shares with the viewer, heaviest first. */
export function presentSuggestion(
  row: SuggestionRecord & Pick<DirectoryRow, 'friendship'>,
  viewerId: number,
): Suggestion {
  const shared: Suggestion['shared'] = [];
  if (row.sharesDeviceType) shared.push('deviceType');
  if (row.sharesStage) shared.push('stage');
  if (row.sharesSpeakingLanguages) shared.push('speakingLanguages');
  if (row.sharesCountry) shared.push('country');
  if (row.sharedInterests > 0) shared.push('interests');
  return { ...presentEntry(row, viewerId), shared };
}

/**
 * A node of the GraphQL user listing (spec §3 "Friend or user listing", WPGraphQL's shapes):
 * plain values, nothing left to load.
 */
export function presentListedUser(row: DirectoryRow, viewerId: number) {
  const headline = valuesOf(row).get(DIRECTORY_FIELDS.headline) ?? '';
  return {
    id: userGlobalId(row.id),
    databaseId: row.id,
    name: row.firstName,
    nickname: row.nickname,
    firstName: row.firstName,
    lastName: row.lastName,
    locale: row.locale,
    description: row.description,
    headline: headline === '' ? null : headline,
    area: row.area || 'international',
    avatar: { url: row.avatarUrl },
    roles: { nodes: row.roles.map((name) => ({ name })) },
    extendedProfiles: [
      {
        group_name: PROFILE_GROUP_NAME,
        fields: row.fields.map(([name, type, value]) => ({ name, type, value })),
      },
    ],
    ...friendFlags(row, viewerId),
  };
}
