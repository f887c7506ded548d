import type { AuthUser, RegistrationType, Role } from '@attune/contract';
import type { Db, Tx } from '../../db/client';
import type { UserRow } from './repository';
import { presentAuthUser } from './presenter';
import { PROFILE_FIELD_DEFINITIONS } from './profile-fields';
import * as repository from './repository';

export type { UserRow };

export const findUserById = (db: Tx, id: number) => repository.findUserById(db, id);
export const findUserByEmail = (db: Tx, email: string) => repository.findUserByEmail(db, email);
export const findUserByLogin = (db: Tx, login: string) => repository.findUserByLogin(db, login);
export const touchLastActivity = (db: Db, id: number) => repository.touchLastActivity(db, id);

/** Creates field group 1 when missing; run at start-up. */
export const ensureProfileFields = (db: Db) =>
  repository.ensureProfileFields(db, PROFILE_FIELD_DEFINITIONS);

/** Field group 1 with its stored options (all languages). */
export const listProfileFields = (db: Tx) => repository.listProfileFieldsWithOptions(db);

export type { Labels, Visibility } from './profile-fields';

export async function setPasswordHash(tx: Tx, user: UserRow, passwordHash: string) {
  await repository.updateUser(tx, user.id, {
    passwordHash,
    passwordVersion: user.passwordVersion + 1,
  });
}

/** A username made from the e-mail's local part, unique among members (anna, anna2, anna3 …). */
export async function uniqueUsername(tx: Tx, email: string): Promise<string> {
  const local = email.split('@')[0] ?? 'member';
  const base =
    local
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '')
      .slice(0, 30) || 'member';
  const taken = new Set(await repository.usernamesStartingWith(tx, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

export interface NewMember {
  email: string;
  passwordHash: string;
  registrationType: RegistrationType;
  locale: string;
  roles?: Role[];
  username?: string;
  nickname?: string;
  firstName?: string;
  lastName?: string;
  completedSetup?: boolean;
}

/** Creates a member with setup not yet completed. Runs inside the caller's transaction. */
export async function createMember(tx: Tx, member: NewMember): Promise<UserRow> {
  const username = member.username ?? (await uniqueUsername(tx, member.email));
  const roles = member.roles ?? [member.registrationType === 'medel' ? 'medel_user' : 'member'];
  const row = await repository.insertUser(tx, {
    email: member.email.toLowerCase(),
    username,
    nickname: member.nickname ?? username,
    passwordHash: member.passwordHash,
    registrationType: member.registrationType,
    locale: member.locale,
    roles,
    firstName: member.firstName ?? '',
    lastName: member.lastName ?? '',
  });
  await repository.setProfileValue(
    tx,
    row.id,
    'completed setup',
    member.completedSetup ? 'yes' : 'no',
  );
  return row;
}

export const setProfileValue = repository.setProfileValue;

/** Mails and later visits use this language. */
export async function setPreferredLanguage(db: Tx, userId: number, language: string) {
  await repository.updateUser(db, userId, { locale: language });
}

/**
 * The user for GraphQL: the same shape as AuthUser, but the extended profile (a join) is loaded
 * only if the query asks for `extendedProfile` or `completedSetup` (graphql-js calls function
 * properties as resolvers), and at most once.
 */
export function getGraphQLUser(db: Tx, row: UserRow, jwtAuthExpiration: number) {
  let full: Promise<AuthUser> | undefined;
  const load = () => (full ??= getAuthUser(db, row, jwtAuthExpiration));
  const base = presentAuthUser(row, [], jwtAuthExpiration);
  return {
    ...base,
    completedSetup: async () => (await load()).completedSetup,
    extendedProfile: async () => (await load()).extendedProfile,
  };
}

/** The user as returned by login and viewer. */
export async function getAuthUser(
  db: Tx,
  row: UserRow,
  jwtAuthExpiration: number,
): Promise<AuthUser> {
  const fields = await repository.profileFieldValues(db, [row.id]);
  return presentAuthUser(row, fields.get(row.id) ?? [], jwtAuthExpiration);
}
