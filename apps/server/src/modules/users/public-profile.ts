import type { PublicProfile } from '@attune/contract';
import type { Tx } from '../../db/client';
import * as repository from './repository';
import { presentProfile, type MemberProfileRow, type ProfileViewer } from './profiles';
import type { UserRow } from './repository';

/**
 * The member at a profile address (`/{lang}/profile/{nickname}`): the display name, compared
 * without case and surrounding spaces; for a member who has not chosen one, the username.
 * Display names never equal another member's username (`claimNickname`), so the two
 * lookups cannot point at different members for a name someone could still choose.
 */
export async function findByProfileAddress(db: Tx, address: string): Promise<UserRow | undefined> {
  const name = address.trim();
  if (name === '') return undefined;
  return (
    (await repository.findUserByNickname(db, name)) ??
    (await repository.findUserByUsername(db, name))
  );
}

/**
 * A member's profile as this viewer may see it, for REST answers: the same presenter and users
 * policy as GraphQL's `user` (extended fields the member hid from this viewer are not there at
 * all; e-mail only for the member and admins; capabilities and token expiry only for the member).
 */
export function presentPublicProfile(
  profile: MemberProfileRow,
  viewer: ProfileViewer,
): Omit<PublicProfile, 'groups' | 'similarGroups'> {
  const user = presentProfile(profile, viewer);
  return {
    id: profile.user.id,
    databaseId: user.databaseId,
    nickname: user.nickname,
    username: user.username,
    email: user.email,
    capabilities: user.capabilities,
    jwtAuthExpiration: user.jwtAuthExpiration,
    roles: user.roles,
    avatar: { url: user.avatar.url ?? null },
    description: user.description,
    firstName: user.firstName,
    lastName: user.lastName,
    lastActivity: user.lastActivity,
    locale: user.locale,
    area: user.area,
    memberTypes: user.memberTypes,
    mentionName: user.mentionName,
    registeredDate: user.registeredDate,
    completedSetup: user.completedSetup,
    isFriend: user.isFriend,
    totalFriendCount: user.totalFriendCount,
    extendedProfile: user.extendedProfile.map((field) => ({
      ...field,
      visibility: field.visibility ?? null,
    })),
  };
}
