import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { notificationPreferences } from '../../db/schema/index';

/** Read on every visit to the settings (a prepared statement, db/prepared.ts). */
export async function listPreferences(db: Tx, userId: number) {
  return prepared(db, 'notification_preferences_of_member', (handle, name) =>
    handle
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, sql.placeholder('userId')))
      .prepare(name),
  ).execute({ userId });
}

export async function setPreference(db: Tx, userId: number, key: string, enabled: boolean) {
  await db
    .insert(notificationPreferences)
    .values({ userId, key, enabled })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.key],
      set: { enabled },
    });
}
