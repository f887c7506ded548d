import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notificationPreferences } from '../../db/schema/index';

export async function listPreferences(db: Tx, userId: number) {
  return db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
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
