import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { translationOverrides } from '../../db/schema/index';

/** A language's overrides, key → text (one query). */
export async function overridesOf(db: Tx, language: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: translationOverrides.key, value: translationOverrides.value })
    .from(translationOverrides)
    .where(eq(translationOverrides.language, language));
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function upsertOverride(
  tx: Tx,
  override: { language: string; key: string; value: string; updatedBy: number },
) {
  await tx
    .insert(translationOverrides)
    .values({ ...override, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [translationOverrides.language, translationOverrides.key],
      set: { value: override.value, updatedBy: override.updatedBy, updatedAt: sql`now()` },
    });
}

/** Removes an override; true when there was one. */
export async function deleteOverride(tx: Tx, language: string, key: string): Promise<boolean> {
  const deleted = await tx
    .delete(translationOverrides)
    .where(and(eq(translationOverrides.language, language), eq(translationOverrides.key, key)))
    .returning({ key: translationOverrides.key });
  return deleted.length > 0;
}
