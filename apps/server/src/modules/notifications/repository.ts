import { and, count, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notificationPreferences, notifications, users } from '../../db/schema/index';
import { notBlockedByOrOf } from '../connections/sql';

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotification(
  tx: Tx,
  values: { userId: number; kind: string; actorId: number | null; data: Record<string, unknown> },
): Promise<number> {
  const [row] = await tx.insert(notifications).values(values).returning({ id: notifications.id });
  return row!.id;
}

/** Many notification rows in one statement; their ids with their members. */
export async function insertNotifications(
  tx: Tx,
  rows: { userId: number; kind: string; actorId: number | null; data: Record<string, unknown> }[],
): Promise<{ id: number; userId: number }[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(notifications)
    .values(rows)
    .returning({ id: notifications.id, userId: notifications.userId });
}

/** These notifications of the member (those of others are never read). */
export async function byIds(db: Tx, userId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids)))
    .orderBy(desc(notifications.id));
}

/** The channel on which new notifications are announced, after their transaction commits. */
export const NOTICES_CHANNEL = 'attune_notices';

/**
 * Announces new notifications to every server instance (the live hub hears it and tells the
 * members' open sockets). NOTIFY is transactional: it is heard only once the notifications are
 * committed, and never when the change that made them rolls back. Payloads stay under the 8 kB
 * NOTIFY limit: `[memberId, notificationId]` pairs, a few hundred per payload.
 */
export async function announce(tx: Tx, created: { id: number; userId: number }[]) {
  const perPayload = 400;
  for (let start = 0; start < created.length; start += perPayload) {
    const pairs = created.slice(start, start + perPayload).map((row) => [row.userId, row.id]);
    await tx.execute(sql`select pg_notify(${NOTICES_CHANNEL}, ${JSON.stringify(pairs)})`);
  }
}

/**
 * One notification row, announced like `announce`'s and with its recipient's e-mail switch `key`
 * read (null: no switch governs its mail), in one statement: a notice is one round trip to the
 * database instead of three, in the transaction of the change that causes it.
 */
export async function insertAnnounced(
  tx: Tx,
  values: { userId: number; kind: string; actorId: number | null; data: Record<string, unknown> },
  mailSwitch: { key: string; onByDefault: boolean } | null,
): Promise<{ id: number; mailOn: boolean }> {
  const result = (await tx.execute(sql`with created as (
      insert into ${notifications} (user_id, kind, actor_id, data)
      values (${values.userId}, ${values.kind}, ${values.actorId}, ${JSON.stringify(values.data)}::jsonb)
      returning id, user_id
    )
    select c.id, pg_notify(${NOTICES_CHANNEL}, json_build_array(json_build_array(c.user_id, c.id))::text)::text as announced,
      ${
        mailSwitch
          ? sql`coalesce((select p.enabled from ${notificationPreferences} p
              where p.user_id = c.user_id and p.key = ${mailSwitch.key}), ${mailSwitch.onByDefault})`
          : sql`false`
      } as "mailOn"
    from created c`)) as unknown as { rows: { id: number | string; mailOn: boolean }[] };
  const row = result.rows[0]!;
  return { id: Number(row.id), mailOn: row.mailOn === true };
}

/**
 * Of these members, those whose e-mail switch `key` is off: switched off by them, or off by
 * default and never switched on. One statement.
 */
export async function switchedOff(
  tx: Tx,
  userIds: number[],
  key: string,
  onByDefault: boolean,
): Promise<number[]> {
  const rows = await tx
    .select({ userId: notificationPreferences.userId, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(
      and(inArray(notificationPreferences.userId, userIds), eq(notificationPreferences.key, key)),
    );
  if (onByDefault) return rows.filter((row) => !row.enabled).map((row) => row.userId);
  const on = new Set(rows.filter((row) => row.enabled).map((row) => row.userId));
  return userIds.filter((id) => !on.has(id));
}

/** Deletes a member's unread notifications of these kinds caused by one actor. */
export async function deleteUnread(tx: Tx, userId: number, kinds: string[], actorId: number) {
  await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.actorId, actorId),
        inArray(notifications.kind, kinds),
        isNull(notifications.readAt),
      ),
    );
}

/** Deletes a member's read notifications. */
export async function deleteRead(db: Tx, userId: number) {
  await db
    .delete(notifications)
    .where(and(eq(notifications.userId, userId), isNotNull(notifications.readAt)));
}

/** A member's notifications, newest first (tests; the listing of step 8 pages by id). */
export async function listFor(tx: Tx, userId: number, limit: number) {
  return tx
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.id)
    .limit(limit);
}

/** A page of a member's notifications, newest first, older than `beforeId` when given. */
export async function pageFor(db: Tx, userId: number, beforeId: number | undefined, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), beforeId ? lt(notifications.id, beforeId) : undefined),
    )
    .orderBy(desc(notifications.id))
    .limit(limit);
}

/** How many of a member's notifications are unread (notifications_unread_idx). */
export async function unreadCount(db: Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.count ?? 0);
}

/** Marks a member's notifications read: these, or all of them. Only their own are touched. */
export async function markRead(db: Tx, userId: number, ids?: number[]) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    );
}

/** Who caused these notifications, as the member may see them: not blocked either way. */
export async function visibleActors(db: Tx, viewerId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      nickname: users.nickname,
      username: users.username,
      firstName: users.firstName,
      avatarUrl: users.avatarUrl,
    })
    .from(users)
    .where(and(inArray(users.id, ids), notBlockedByOrOf(sql`${viewerId}`, users.id)));
}
