import type { AuditAction } from '@attune/contract';
import type { Tx } from '../../db/client';
import { insertAudit, insertAudits } from './repository';

/**
 * The audit log (step 9): what staff did and which health fields they read. Its own module, below
 * every other, so that any module may record into it (users does, for health fields read).
 */

export interface AuditRecord {
  actorId: number;
  action: AuditAction;
  targetUserId?: number | null;
  details?: Record<string, unknown>;
}

/**
 * Writes one audit-log entry. Pass the transaction of the change it records, so the change and its
 * entry land together or not at all.
 */
export async function recordAudit(db: Tx, entry: AuditRecord) {
  await insertAudit(db, {
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    details: entry.details ?? {},
  });
}

/** Writes many entries in one statement (e.g. one per member a list showed). */
export async function recordAudits(db: Tx, entries: readonly AuditRecord[]) {
  await insertAudits(
    db,
    entries.map((entry) => ({
      actorId: entry.actorId,
      action: entry.action,
      targetUserId: entry.targetUserId ?? null,
      details: entry.details ?? {},
    })),
  );
}
