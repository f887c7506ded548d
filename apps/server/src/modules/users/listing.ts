import type { FriendListing } from '@attune/contract';
import { PROFILE_FIELD_DEFINITIONS, PROFILE_GROUP_NAME } from './profile-fields';
import { presentProfile, type MemberProfileRow, type ProfileViewer } from './profiles';

const FIELD_TYPES = new Map(
  PROFILE_FIELD_DEFINITIONS.map((field) => [field.name.toLowerCase(), field.type]),
);

/**
 * A member in a friend or user listing (spec §3), from the same loaded row and the same users
 * policy as their profile (`presentProfile`): only the fields the member lets this viewer see.
 * `since` is when the listing's relation began (request sent or accepted).
 */
export function presentListedMember(
  profile: MemberProfileRow,
  viewer: ProfileViewer,
  since: Date,
): FriendListing {
  const shown = presentProfile(profile, viewer);
  const headline = shown.extendedProfile.find((field) => field.name.toLowerCase() === 'headline');
  return {
    id: shown.id,
    databaseId: shown.databaseId,
    name: shown.firstName,
    avatar: { url: shown.avatar.url ?? null },
    nickname: shown.nickname,
    username: shown.username,
    locale: shown.locale,
    lastName: shown.lastName,
    roles: shown.roles,
    description: shown.description,
    headline: headline?.value.raw ?? '',
    extendedProfile: [
      {
        group_name: PROFILE_GROUP_NAME,
        fields: shown.extendedProfile.map((field) => ({
          name: field.name,
          type: FIELD_TYPES.get(field.name.toLowerCase()) ?? 'textbox',
          value: field.value.raw,
        })),
      },
    ],
    isFriend: shown.isFriend,
    since: since.toISOString(),
  };
}
