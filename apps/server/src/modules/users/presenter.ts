import type { AuthUser } from '@attune/contract';
import { capabilitiesFor, isSetupComplete } from '@attune/contract';
import type { UserRow } from './repository';
import type { ProfileFieldValue } from './repository';

/** A global id in the WPGraphQL style: base64("user:<databaseId>"). */
export const userGlobalId = (id: number) => Buffer.from(`user:${id}`).toString('base64');

/** Shapes the user of login and viewer (spec §3 "User as returned by login"). */
export function presentAuthUser(
  row: Pick<UserRow, 'id' | 'nickname' | 'username' | 'roles' | 'email' | 'avatarUrl'>,
  fields: ProfileFieldValue[],
  jwtAuthExpiration: number,
): AuthUser {
  const completed = fields.find((field) => field.name.toLowerCase() === 'completed setup');
  return {
    id: userGlobalId(row.id),
    databaseId: row.id,
    nickname: row.nickname,
    username: row.username,
    jwtAuthExpiration: String(jwtAuthExpiration),
    capabilities: capabilitiesFor(row.roles),
    email: row.email,
    roles: row.roles,
    avatar: { url: row.avatarUrl },
    completedSetup: isSetupComplete(completed?.value),
    extendedProfile: fields.map((field) => ({
      databaseId: field.databaseId,
      name: field.name,
      value: { raw: field.value },
    })),
  };
}
