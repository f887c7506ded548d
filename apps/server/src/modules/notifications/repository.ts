import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notifications } from '../../db/schema/index';

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotification(
  tx: Tx,
  values: { userId: number; kind: string; actorId: number | null; data: Record<string, unknown> },
): Promise<number> {
  const [row] = await tx.insert(notifications).values(values).returning({ id: notifications.id });
  return row!.id;
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

/** A member's notifications, newest first (tests; the listing of step 8 pages by id). */
export async function listFor(tx: Tx, userId: number, limit: number) {
  return tx
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.id)
    .limit(limit);
}
