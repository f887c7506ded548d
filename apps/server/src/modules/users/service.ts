import { randomInt } from 'node:crypto';
import type { AuthUser, RegistrationType, Role } from '@attune/contract';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { GraphQLContext } from '../../graphql/context';
import type { UserRow } from './repository';
import { presentAuthUser } from './presenter';
import { PROFILE_FIELD_DEFINITIONS } from './profile-fields';
import * as repository from './repository';
import { invalidField } from '../../errors';
import { parseDatabaseId } from '../../lib/ids';
import { nicknameForm, nicknameSkeleton, nicknameTooShort, normalizeNickname } from './nickname';
import * as audit from '../audit/service';
import { healthFieldsReadByStaff, type MemberProfileRow } from './profiles';
import { isStaff, type Actor } from './policy';

export { nicknameForm, nicknameTooShort };

export type { UserRow };
/** The users policy, for the other modules (they reach users only through this file). */
export { isStaff, mayEditProfile, maySeeField, mayUploadAvatar } from './policy';
/** The WPGraphQL-style global id of a member (the member directory shows it too). */
export { userGlobalId } from './presenter';
export { markMembersChanged } from './member-changes';
export { findByProfileAddress, presentPublicProfile } from './public-profile';

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
export { PROFILE_GROUP_NAME } from './profile-fields';

/** Whether a field (by name, any case) holds health data. */
export const isHealthField = (name: string) =>
  PROFILE_FIELD_DEFINITIONS.some(
    (field) => field.name.toLowerCase() === name.toLowerCase() && field.isHealth,
  );

export async function setPasswordHash(tx: Tx, user: UserRow, passwordHash: string) {
  await repository.updateUser(tx, user.id, {
    passwordHash,
    passwordVersion: user.passwordVersion + 1,
  });
}

/** Letters and digits of a neutral username: lower case, without look-alikes (0/o, 1/l/i). */
const USERNAME_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * A neutral username for a new member's profile address, `member-` and 8 random letters or digits,
 * unique among members. Never made from the e-mail address: its local part is often the member's
 * real name, and the username is public (profile address, mention name).
 */
export async function neutralUsername(tx: Tx): Promise<string> {
  for (;;) {
    const suffix = Array.from(
      { length: 8 },
      () => USERNAME_ALPHABET[randomInt(USERNAME_ALPHABET.length)],
    ).join('');
    const candidate = `member-${suffix}`;
    if (!(await repository.findUserByUsername(tx, candidate))) return candidate;
  }
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

/**
 * A free display name close to `base`: `base`, else `base2`, `base3` … whose skeleton no one has
 * (a given name must not look like an existing one).
 */
async function freeNickname(tx: Tx, base: string) {
  for (let from = 1; ; from += 20) {
    const candidates = Array.from({ length: 20 }, (_, index) =>
      from + index === 1 ? base : `${base}${from + index}`,
    );
    const taken = await repository.takenSkeletons(tx, candidates.map(nicknameSkeleton));
    const free = candidates.find((candidate) => !taken.has(nicknameSkeleton(candidate)));
    if (free) return { nickname: free, nicknameSkeleton: nicknameSkeleton(free) };
  }
}

/**
 * Creates a member with setup not yet completed. Runs inside the caller's transaction. Without a
 * given name the display name stays empty (no skeleton) until the member chooses one (the app
 * greets them neutrally meanwhile) and the username is neutral.
 */
export async function createMember(tx: Tx, member: NewMember): Promise<UserRow> {
  const username = member.username ?? (await neutralUsername(tx));
  const roles = member.roles ?? [member.registrationType === 'medel' ? 'medel_user' : 'member'];
  const row = await repository.insertUser(tx, {
    email: member.email.toLowerCase(),
    username,
    ...(member.nickname
      ? await freeNickname(tx, member.nickname)
      : { nickname: '', nicknameSkeleton: null }),
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

/**
 * A display name a member chose, as it will be stored, with its skeleton. Throws when the name
 * cannot be shown safely, is too short, or looks like another member's (`nickname_taken`).
 */
export async function claimNickname(db: Tx, raw: string, userId: number | null) {
  const nickname = normalizeNickname(raw);
  const skeleton = nicknameSkeleton(nickname);
  if (await holdsNameElsewhere(db, nickname, skeleton, userId)) throw nicknameTaken();
  return { nickname, nicknameSkeleton: skeleton };
}

/**
 * Whether another member (not `exceptId`) holds a name like this one: a display name that looks
 * like it, or this username, since a member without a display name has their username as profile
 * address (`/{lang}/profile/{username}`, decision 0026), which a display name must not take over.
 */
async function holdsNameElsewhere(
  db: Tx,
  nickname: string,
  skeleton: string,
  exceptId: number | null,
) {
  if (await repository.findOtherLookAlike(db, nickname, skeleton, exceptId)) return true;
  const byUsername = await repository.findUserByUsername(db, nickname);
  return Boolean(byUsername && byUsername.id !== exceptId);
}

const nicknameTaken = () =>
  new AppError('nickname_taken', 409, 'This name is already taken. Please choose another one.');

/** Whether another member has a name that looks like this one (the nickname check as one types). */
export async function isNicknameTaken(db: Tx, raw: string, viewerId: number | null) {
  const nickname = nicknameForm(raw);
  return holdsNameElsewhere(db, nickname, nicknameSkeleton(nickname), viewerId);
}

/**
 * Writes the member's columns; a name that became another's look-alike, or an address that became
 * another's, in the meantime (the unique indexes) answers `nickname_taken` or `email_taken`.
 */
export async function updateUser(
  tx: Tx,
  id: number,
  values: Parameters<typeof repository.updateUser>[2],
) {
  try {
    await repository.updateUser(tx, id, values);
  } catch (error) {
    if (
      isUniqueViolation(error, 'users_nickname_skeleton_key') ||
      isUniqueViolation(error, 'users_nickname_lower_key')
    )
      throw nicknameTaken();
    if (isUniqueViolation(error, 'users_email_key'))
      throw new AppError(
        'email_taken',
        409,
        'This e-mail address cannot be used. Please choose another one.',
      );
    throw error;
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const pgError = cause as Error & { code?: string; constraint?: string };
    if (pgError.code === '23505' && (pgError.constraint ?? pgError.message).includes(constraint))
      return true;
  }
  return false;
}

/**
 * Fills the skeleton of rows from before it existed (run at start-up; idempotent). A row whose
 * name already looks like an earlier member's keeps an empty skeleton: its name stays, and the
 * lower-cased name still guards it.
 */
export async function ensureNicknameSkeletons(db: Db): Promise<number> {
  let filled = 0;
  for (let afterId = 0; ;) {
    const rows = await repository.usersWithoutSkeleton(db, afterId, 500);
    if (rows.length === 0) return filled;
    for (const row of rows) {
      if (
        await repository.fillSkeleton(db, row.id, nicknameSkeleton(row.nickname)).catch(() => false)
      )
        filled += 1;
    }
    afterId = rows.at(-1)!.id;
  }
}

export const setProfileValue = repository.setProfileValue;
export const setProfileVisibility = repository.setProfileVisibility;
/** Deletes the member row; profile values, sessions, preferences and connections go with it (ON DELETE CASCADE). */
export const deleteUser = repository.deleteUser;

/** Replaces a member's roles. Call through auth's `setMemberRoles`, which tells every instance. */
export const setRoles = (db: Tx, id: number, roles: readonly Role[]) =>
  repository.updateUser(db, id, { roles: [...roles] });
/** Every field of group 1 with the member's own values and visibility (no privacy filter: the owner's view). */
export const ownFieldValues = async (db: Tx, userId: number) =>
  (await repository.profileFieldValues(db, [userId])).get(userId) ?? [];

/** Mails and later visits use this language. */
export async function setPreferredLanguage(db: Tx, userId: number, language: string) {
  await repository.updateUser(db, userId, { locale: language });
}

export { presentListedMember } from './listing';
/** Members by id with their name, address and avatar (short listings such as one's blocks). */
export const findUserSummaries = (db: Tx, ids: readonly number[]) =>
  repository.findUserSummaries(db, ids);
export const mailRecipientsOf = (db: Tx, ids: readonly number[]) =>
  repository.findMailRecipients(db, ids);

/**
 * Writes the audit-log entry of a staff member reading someone's health fields on their profile
 * (step 9); nothing for anyone else. Call where one profile is shown, not in lists.
 */
export async function auditStaffHealthRead(db: Tx, profile: MemberProfileRow, viewer: Actor) {
  const fields = healthFieldsReadByStaff(profile, viewer);
  if (fields.length === 0) return;
  await audit.recordAudit(db, {
    actorId: viewer.userId,
    action: 'member.health_read',
    targetUserId: profile.user.id,
    details: { fields },
  });
}

/**
 * The audit-log entries of a staff member reading health fields in a list (GraphQL `users`, the
 * connections list): one entry per member whose health fields the list showed, one statement.
 * `shown` holds, per member, the names of the fields the list carried for them.
 */
export async function auditStaffHealthReadsInList(
  db: Tx,
  viewer: Actor,
  shown: readonly { userId: number; fields: readonly string[] }[],
  via: string,
) {
  if (!isStaff(viewer)) return;
  await audit.recordAudits(
    db,
    shown.flatMap(({ userId, fields }) => {
      const health = fields.filter(isHealthField);
      return userId === viewer.userId || health.length === 0
        ? []
        : [
            {
              actorId: viewer.userId,
              action: 'member.health_read' as const,
              targetUserId: userId,
              details: { fields: health, via },
            },
          ];
    }),
  );
}

export { healthFieldsReadByStaff } from './profiles';

export {
  definitionsFor as profileFieldDefinitions,
  presentProfile,
  profileLoader,
  type MemberProfileRow,
  type ProfileViewer,
} from './profiles';

/**
 * The database id a profile reference names: a database id or a global id as given (no query), or
 * the member with this username. Undefined when no member has the username.
 */
export async function referencedUserId(
  db: Tx,
  id: string,
  idType: 'DATABASE_ID' | 'ID' | 'USERNAME',
): Promise<number | undefined> {
  if (idType === 'USERNAME') return (await repository.findUserByUsername(db, id))?.id;
  const raw =
    idType === 'ID'
      ? Buffer.from(id, 'base64')
          .toString('utf8')
          .replace(/^user:/, '')
      : id;
  const numeric = parseDatabaseId(raw);
  if (numeric === undefined) throw invalidField('id', 'The id is not a valid member id.');
  return numeric;
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

/**
 * Who reads a User's fields in GraphQL: the signed-in member (`viewer` is a public field, so its
 * request may carry no member rule; a User is only ever answered to someone signed in).
 */
export async function readerOf({ app, request }: GraphQLContext) {
  const principal = request.principal ?? (await app.principalOf(request));
  if (!principal) throw new Error('A User is answered only to a signed-in member.');
  return principal;
}
