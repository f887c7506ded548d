import { and, eq, gt, inArray, isNull, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Visibility } from '@attune/contract';
import type { FriendshipState } from '@attune/contract';
import type { Db, Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  profileFieldOptions,
  profileFields,
  profileValues,
  users,
  type UserRow,
} from '../../db/schema/index';

export type { UserRow };

/** `lower(username)`: the expression of the index users_username_lower_idx. */
const lowerUsername = sql`lower(${users.username})`;
/** `lower(nickname)`: the expression of the unique index users_nickname_lower_key … */
const lowerNickname = sql`lower(${users.nickname})`;
/** … which leaves out members without a display name, so each lookup states it too. */
const hasNickname = ne(users.nickname, '');

/**
 * The case-insensitive lookups, as queries (not yet sent), so that the EXPLAIN test
 * (`lookups.postgres.test.ts`) checks exactly the SQL these functions send. Each compares the
 * indexed expression itself (decision 0020): e-mails are stored lower-cased (users_email_key),
 * usernames and display names through `lower()`.
 */
export const userLookups = {
  byEmail: (db: Tx, email: string) =>
    db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1),
  byUsername: (db: Tx, username: string) =>
    db.select().from(users).where(eq(lowerUsername, username.toLowerCase())).limit(1),
  byNickname: (db: Tx, nickname: string) =>
    db
      .select()
      .from(users)
      .where(and(hasNickname, eq(lowerNickname, nickname.toLowerCase())))
      .limit(1),
  /** Login accepts the username or the e-mail. */
  byLogin: (db: Tx, login: string) => {
    const value = login.trim().toLowerCase();
    return db
      .select()
      .from(users)
      .where(or(eq(users.email, value), eq(lowerUsername, value)))
      .limit(1);
  },
  /**
   * Two indexed lookups in one statement (UNION ALL): as one `skeleton = … OR lower(nickname) = …`
   * with LIMIT 1, PostgreSQL's estimate of the OR made a sequential scan look cheaper.
   */
  otherLookAlike: (db: Tx, nickname: string, skeleton: string, exceptId: number | null) => {
    const other = exceptId === null ? undefined : ne(users.id, exceptId);
    return unionAll(
      db
        .select()
        .from(users)
        .where(and(eq(users.nicknameSkeleton, skeleton), other))
        .limit(1),
      db
        .select()
        .from(users)
        .where(and(hasNickname, eq(lowerNickname, nickname.toLowerCase()), other))
        .limit(1),
    ).limit(1);
  },
  takenSkeletons: (db: Tx, skeletons: string[]) =>
    db
      .select({ skeleton: users.nicknameSkeleton })
      .from(users)
      .where(inArray(users.nicknameSkeleton, skeletons)),
};

export async function findUserById(db: Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Members by id: what a short listing shows (name, address, avatar). */
export async function findUserSummaries(db: Tx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      nickname: users.nickname,
      username: users.username,
      avatarUrl: users.avatarUrl,
    })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** Members by id as a mail to them needs them: address and language. */
export async function findMailRecipients(db: Tx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

export async function findUserByEmail(db: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await userLookups.byEmail(db, email);
  return row;
}

export async function findUserByUsername(db: Tx, username: string): Promise<UserRow | undefined> {
  const [row] = await userLookups.byUsername(db, username);
  return row;
}

/** The member whose display name is this one, in any case (a profile address). */
export async function findUserByNickname(db: Tx, nickname: string): Promise<UserRow | undefined> {
  const [row] = await userLookups.byNickname(db, nickname);
  return row;
}

/**
 * Another member whose name looks like this one: the same confusables skeleton, or the same name
 * in any case (rows whose skeleton is not filled in yet).
 */
export async function findOtherLookAlike(
  db: Tx,
  nickname: string,
  skeleton: string,
  exceptId: number | null,
): Promise<UserRow | undefined> {
  const [row] = await userLookups.otherLookAlike(db, nickname, skeleton, exceptId);
  return row;
}

/**
 * Members after `afterId` with a display name whose skeleton is not filled in yet (rows from before
 * it existed). Members without a display name have no skeleton until they choose one.
 */
export async function usersWithoutSkeleton(db: Tx, afterId: number, limit: number) {
  return db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(and(isNull(users.nicknameSkeleton), ne(users.nickname, ''), gt(users.id, afterId)))
    .orderBy(users.id)
    .limit(limit);
}

/** Names among `skeletons` that are taken already. */
export async function takenSkeletons(db: Tx, skeletons: string[]): Promise<Set<string>> {
  if (skeletons.length === 0) return new Set();
  const rows = await userLookups.takenSkeletons(db, skeletons);
  return new Set(rows.map((row) => row.skeleton!));
}

/** Sets a row's skeleton unless another row already has it; false when it had to stay empty. */
export async function fillSkeleton(db: Db, id: number, skeleton: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ nicknameSkeleton: skeleton })
    .where(
      and(
        eq(users.id, id),
        sql`not exists (select 1 from ${users} other where other.nickname_skeleton = ${skeleton})`,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function deleteUser(tx: Tx, id: number) {
  await tx.delete(users).where(eq(users.id, id));
}

/** Login accepts the username or the e-mail. */
export async function findUserByLogin(db: Tx, login: string): Promise<UserRow | undefined> {
  const [row] = await userLookups.byLogin(db, login);
  return row;
}

export async function insertUser(tx: Tx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(tx: Tx, id: number, values: Partial<typeof users.$inferInsert>) {
  await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function touchLastActivity(db: Db, id: number) {
  await db
    .update(users)
    .set({ lastActivityAt: sql`now()` })
    .where(eq(users.id, id));
}

export interface FieldSeed {
  name: string;
  type: string;
  defaultVisibility: string;
  isHealth: boolean;
  options?: Record<string, [string, string, string]>;
}

/**
 * Creates or updates the field group 1 definitions, and adds missing options (idempotent). Options
 * staff added stay; options removed here are not deleted (members may still hold those values).
 */
export async function ensureProfileFields(db: Db, fields: FieldSeed[]) {
  await db.transaction(async (tx) => {
    for (const [position, field] of fields.entries()) {
      const [row] = await tx
        .insert(profileFields)
        .values({
          groupId: 1,
          name: field.name,
          type: field.type,
          position,
          defaultVisibility: field.defaultVisibility,
          isHealth: field.isHealth,
        })
        .onConflictDoUpdate({
          target: [profileFields.groupId, profileFields.name],
          set: {
            type: field.type,
            position,
            defaultVisibility: field.defaultVisibility,
            isHealth: field.isHealth,
          },
        })
        .returning({ id: profileFields.id });
      const options = Object.entries(field.options ?? {});
      if (options.length === 0) continue;
      await tx
        .insert(profileFieldOptions)
        .values(
          options.map(([value, [labelEn, labelDe, labelEs]], index) => ({
            fieldId: row!.id,
            value,
            position: index,
            labelEn,
            labelDe,
            labelEs,
          })),
        )
        .onConflictDoNothing();
    }
  });
}

export async function listProfileFieldsWithOptions(db: Tx) {
  const fields = await db
    .select()
    .from(profileFields)
    .where(eq(profileFields.groupId, 1))
    .orderBy(profileFields.position);
  const options = await db
    .select()
    .from(profileFieldOptions)
    .orderBy(profileFieldOptions.fieldId, profileFieldOptions.position);
  return fields.map((field) => ({
    ...field,
    options: options.filter((option) => option.fieldId === field.id),
  }));
}

export interface ProfileFieldValue {
  databaseId: number;
  name: string;
  value: string;
  /** The owner's choice, or the field's default. */
  visibility: Visibility;
}

/** Every field of group 1 with each user's raw value ('' when unset), in field order: one query. */
export async function profileFieldValues(
  db: Tx,
  userIds: number[],
): Promise<Map<number, ProfileFieldValue[]>> {
  const result = new Map<number, ProfileFieldValue[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return result;
  const rows = await db
    .select({
      userId: users.id,
      databaseId: profileFields.id,
      name: profileFields.name,
      value: sql<string>`coalesce(${profileValues.value}, '')`,
      visibility: sql<Visibility>`coalesce(${profileValues.visibility}, ${profileFields.defaultVisibility})`,
    })
    .from(users)
    .innerJoin(profileFields, eq(profileFields.groupId, 1))
    .leftJoin(
      profileValues,
      and(eq(profileValues.userId, users.id), eq(profileValues.fieldId, profileFields.id)),
    )
    .where(inArray(users.id, userIds))
    .orderBy(users.id, profileFields.position);
  for (const { userId, ...field } of rows) result.get(userId)?.push(field);
  return result;
}

/** Sets one field's visibility by field name (case-insensitive), keeping its value. */
export async function setProfileVisibility(
  tx: Tx,
  userId: number,
  fieldName: string,
  visibility: Visibility,
) {
  const id = await fieldIdByName(tx, fieldName);
  await tx
    .insert(profileValues)
    .values({ userId, fieldId: id, value: '', visibility })
    .onConflictDoUpdate({
      target: [profileValues.userId, profileValues.fieldId],
      set: { visibility },
    });
}

async function fieldIdByName(tx: Tx, fieldName: string): Promise<number> {
  const [field] = await tx
    .select({ id: profileFields.id })
    .from(profileFields)
    .where(
      and(
        eq(profileFields.groupId, 1),
        eq(sql`lower(${profileFields.name})`, fieldName.toLowerCase()),
      ),
    )
    .limit(1);
  if (!field) throw new Error(`Unknown profile field: ${fieldName}`);
  return field.id;
}

/** Sets one field value by field name (case-insensitive). */
export async function setProfileValue(tx: Tx, userId: number, fieldName: string, value: string) {
  const [field] = await tx
    .select({ id: profileFields.id })
    .from(profileFields)
    .where(
      and(
        eq(profileFields.groupId, 1),
        eq(sql`lower(${profileFields.name})`, fieldName.toLowerCase()),
      ),
    )
    .limit(1);
  if (!field) throw new Error(`Unknown profile field: ${fieldName}`);
  await tx
    .insert(profileValues)
    .values({ userId, fieldId: field.id, value })
    .onConflictDoUpdate({ target: [profileValues.userId, profileValues.fieldId], set: { value } });
}

/**
 * The columns of a member that a profile shows or its rules read; never the password hash or the
 * other account internals, and fewer columns to read on every profile view.
 */
const profileUserColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  nickname: users.nickname,
  firstName: users.firstName,
  lastName: users.lastName,
  locale: users.locale,
  registrationType: users.registrationType,
  roles: users.roles,
  avatarUrl: users.avatarUrl,
  description: users.description,
  area: users.area,
  createdAt: users.createdAt,
  lastActivityAt: users.lastActivityAt,
  friendCount: users.friendCount,
  // fetch-user tells the member's own devices whether consent was given (shown to the owner only).
  healthConsentAt: users.healthConsentAt,
  healthConsentVersion: users.healthConsentVersion,
};
export type ProfileUserRow = Pick<UserRow, keyof typeof profileUserColumns>;

/** A member with everything a profile shows, read in one query (users/profiles.ts). */
export interface MemberProfileRow {
  user: ProfileUserRow;
  /** Every field of group 1 with the member's raw value ('' when unset) and visibility, in order. */
  fields: ProfileFieldValue[];
  /** How the viewer stands to this member (connections/repository.ts). */
  friendship: FriendshipState | null;
  /** Either of the two blocked the other (connections/repository.ts); never for oneself. */
  blocked: boolean;
}

/** What the profile query reads; the loader joins the values with the field definitions. */
export interface MemberProfileQueryRow extends Omit<MemberProfileRow, 'fields'> {
  /** The member's stored values: [field id, value, visibility or null for the field's default]. */
  values: [number, string, Visibility | null][];
}

/** How a member relates to the viewer, as a correlated column (connections/repository.ts). */
export type FriendshipColumn = (viewerId: SQLWrapper, userId: SQL) => SQL<FriendshipState | null>;
/** Whether either of viewer and member blocked the other, as a correlated column (connections). */
export type BlockedColumn = (viewerId: SQLWrapper, userId: SQL) => SQL<boolean>;
/** The columns of how a member relates to the viewer, which the connections module provides. */
export interface RelationColumns {
  friendship: FriendshipColumn;
  blocked: BlockedColumn;
}

/** The fields of group 1 in order, with their default visibility: the same for every member. */
export async function findProfileFieldDefinitions(db: Tx) {
  return db
    .select({
      id: profileFields.id,
      name: profileFields.name,
      type: profileFields.type,
      defaultVisibility: sql<Visibility>`${profileFields.defaultVisibility}`,
    })
    .from(profileFields)
    .where(eq(profileFields.groupId, 1))
    .orderBy(profileFields.position, profileFields.id);
}

/**
 * Members by id with their stored profile values (one JSON array) and their relation to the
 * viewer (the row carries their number of connections): one round trip for any number of members (the per-request
 * loader, which adds the field definitions). The definitions are not joined here: joining and
 * ordering the 19 fields for every read made it 40 % slower in PostgreSQL (decision 0030).
 *
 * Named prepared statements (db/prepared.ts), so their text never varies: one for a single member
 * (a profile page, the viewer: most reads) and one for a list, whose ids travel as one array. They
 * are two because PostgreSQL keeps re-planning `id = any($1)` (its generic plan looks costlier to
 * the planner than it is), while `id = $1` gets a cached plan: 19k against 9k reads/s here.
 * `friendship` is read once per statement, when it is first prepared.
 */
export async function findProfilesByIds(
  db: Tx,
  ids: readonly number[],
  viewerId: number,
  relation: RelationColumns,
): Promise<MemberProfileQueryRow[]> {
  if (ids.length === 0) return [];
  const one = ids.length === 1;
  return prepared(db, one ? 'users_profile_by_id' : 'users_profiles_by_ids', (handle, name) =>
    handle
      .select(profileColumns(relation))
      .from(users)
      .where(
        one
          ? eq(users.id, sql.placeholder('id'))
          : sql`${users.id} = any(${sql.placeholder('ids')}::int[])`,
      )
      .prepare(name),
  ).execute(one ? { id: ids[0], viewerId } : { ids: [...ids], viewerId });
}

/** The columns of a profile read, correlated with the member's id and the `viewerId` placeholder. */
function profileColumns(relation: RelationColumns) {
  // The member's id, qualified: Drizzle leaves columns unqualified in a one-table select, which
  // would be ambiguous inside the correlated subqueries.
  const userId = sql`${users}.${sql.identifier('id')}`;
  const values = sql<MemberProfileQueryRow['values']>`coalesce((
    select json_agg(json_build_array(pv.field_id, pv.value, pv.visibility))
    from ${profileValues} pv where pv.user_id = ${userId}), '[]'::json)`;
  return {
    user: profileUserColumns,
    values,
    friendship: relation.friendship(sql.placeholder('viewerId'), userId),
    blocked: relation.blocked(sql.placeholder('viewerId'), userId),
  };
}
