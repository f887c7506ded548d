import { primaryRole, type MemberListEntry, type MemberSuggestionsOutput } from '@attune/contract';
import * as connections from '../connections/service';
import { PROFILE_GROUP_NAME, userGlobalId } from '../users/service';
import { DIRECTORY_FIELDS, type DirectoryRow, type SuggestionRow } from './repository';

/** The viewer-visible values of group 1 by lower-cased field name (hidden and unset are absent). */
const valuesOf = (row: DirectoryRow) =>
  new Map(row.fields.map(([field, , value]) => [field.toLowerCase(), value]));

const listOf = (value: string) => (value === '' ? [] : value.split(',').filter(Boolean));

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
    isFriend: connections.friendStatusOf(row.id === viewerId, row.friendship),
  };
}

/** A member-list entry without how the member stands to the viewer (friendFlags adds that). */
export type MemberEntry = Omit<MemberListEntry, keyof FriendFlags>;

/**
 * A member-list entry (spec §3) from a directory row, the friend flags aside. The row carries only
 * values the viewer may see (the users policy, applied by the service), so a hidden value comes
 * out as '' or [], like an unset one.
 */
export function presentMember(row: DirectoryRow): MemberEntry {
  const values = valuesOf(row);
  const valueOf = (name: string) => values.get(name) ?? '';
  const country = valueOf(DIRECTORY_FIELDS.country);
  return {
    cid: userGlobalId(row.id),
    id: row.id,
    avatarUrl: row.avatarUrl,
    country,
    region: valueOf(DIRECTORY_FIELDS.region),
    description: row.description,
    headline: valueOf(DIRECTORY_FIELDS.headline),
    lastName: row.lastName,
    name: row.firstName,
    nickname: row.nickname,
    area: row.area || 'international',
    roles: [primaryRole(row.roles)],
    speakingLanguages: listOf(valueOf(DIRECTORY_FIELDS.speakingLanguages)),
    interests: listOf(valueOf(DIRECTORY_FIELDS.interests)),
    livingIn: country,
  };
}

/** A member-list entry (spec §3) from a directory row, for this viewer. */
export const presentEntry = (row: DirectoryRow, viewerId: number): MemberListEntry => ({
  ...presentMember(row),
  ...friendFlags(row, viewerId),
});

type Suggestion = MemberSuggestionsOutput['items'][number];

/** A suggestion: the entry and what the member shares with the viewer, heaviest first. */
export function presentSuggestion(row: SuggestionRow, viewerId: number): Suggestion {
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
