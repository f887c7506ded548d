import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/** The audit log's statements (table staff_audit, step 9). */

export async function insertAudit(
  db: Tx,
  entry: {
    actorId: number;
    action: string;
    targetUserId: number | null;
    details: Record<string, unknown>;
  },
) {
  await db.execute(sql`insert into staff_audit (actor_id, action, target_user_id, details)
    values (${entry.actorId}, ${entry.action}, ${entry.targetUserId},
      ${JSON.stringify(entry.details)}::jsonb)`);
}

/** Many entries in one statement (a staff list that showed health fields of many members). */
export async function insertAudits(
  db: Tx,
  entries: {
    actorId: number;
    action: string;
    targetUserId: number | null;
    details: Record<string, unknown>;
  }[],
) {
  if (entries.length === 0) return;
  await db.execute(sql`insert into staff_audit (actor_id, action, target_user_id, details)
    select * from unnest(${sql.param(entries.map((entry) => entry.actorId))}::int[],
      ${sql.param(entries.map((entry) => entry.action))}::text[],
      ${sql.param(entries.map((entry) => entry.targetUserId))}::int[],
      ${sql.param(entries.map((entry) => JSON.stringify(entry.details)))}::jsonb[])`);
}
