import {
  STAFF_LIMITS,
  staffAbilities,
  type AuditEntry,
  type Language,
  type StaffOverview,
  type StaffSupportRequest,
} from '@attune/contract';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../errors';
import { decodeIdCursor } from '../../lib/id-cursor';
import { referenceOf } from '../support/service';
import { recordAudit } from '../audit/service';
import { assertMay, type StaffPrincipal } from '../../lib/staff-access';
import * as repository from './repository';

/**
 * The staff area (step 9, decision 0048): the members of an area, invitations, roles, the reports
 * queue with its actions, the audit log, support requests and groups. Every function asks the
 * contract's STAFF_PERMISSIONS table (lib/staff-access.ts) before it reads or changes anything, and every
 * change writes its audit-log entry in the same transaction. Its parts: members.ts (members,
 * roles, invitations), reports.ts (reports, suspensions), shared.ts; this file is its face.
 */

export type { StaffContext } from './shared';

export {
  may as mayStaffDo,
  assertMay as assertStaff,
  type StaffPrincipal,
} from '../../lib/staff-access';
export { recordAudit, recordAudits, type AuditRecord } from '../audit/service';

import { iso, isoOrNull, ref, selfOf, page } from './shared';
export {
  listMembers,
  exportMembersCsv,
  isRegistered,
  setRole,
  inviteUser,
  forgetInvitee,
  invitation,
  acceptInvitation,
} from './members';
export {
  listReports,
  getReport,
  actOnReport,
  setSuspension,
  reportPost,
  seedPostReport,
} from './reports';
// ─── Overview ──────────────────────────────────────────────────────────────

export async function overview(db: Db, principal: StaffPrincipal | null): Promise<StaffOverview> {
  assertMay('view_workspace', principal);
  const self = await selfOf(db, principal);
  const counts = await repository.overviewCounts(
    db,
    self.roles.includes('super_admin') ? null : self.area,
  );
  return { abilities: staffAbilities(self.roles), area: self.area, ...counts };
}

// ─── Audit log ─────────────────────────────────────────────────────────────

export async function auditLog(db: Db, principal: StaffPrincipal | null, cursor?: string) {
  assertMay('view_audit_log', principal);
  const rows = await repository.listAudit(db, {
    beforeId: decodeIdCursor(cursor),
    limit: STAFF_LIMITS.pageSize + 1,
  });
  const { shown, nextCursor } = page(rows, STAFF_LIMITS.pageSize);
  return {
    entries: shown.map((row): AuditEntry => ({
      id: row.id,
      action: row.action as AuditEntry['action'],
      actor: ref(row.actorId, row.actorNickname, row.actorArea),
      target: ref(row.targetId, row.targetNickname, row.targetArea),
      details: row.details ?? {},
      createdAt: iso(row.createdAt),
    })),
    nextCursor,
  };
}

// ─── Support requests ──────────────────────────────────────────────────────

const presentSupport = (row: repository.SupportRow): StaffSupportRequest => ({
  id: row.id,
  reference: referenceOf(row.id),
  formId: row.formId as StaffSupportRequest['formId'],
  name: row.name,
  email: row.email,
  message: row.message,
  language: row.language as Language,
  member: ref(row.memberId, row.memberNickname, row.memberArea),
  createdAt: iso(row.createdAt),
  handledAt: isoOrNull(row.handledAt),
});

export async function listSupportRequests(
  db: Db,
  principal: StaffPrincipal | null,
  query: { status?: 'open' | 'handled'; cursor?: string },
) {
  assertMay('view_support_requests', principal);
  const rows = await repository.listSupportRequests(db, {
    status: query.status ?? 'open',
    beforeId: decodeIdCursor(query.cursor),
    limit: STAFF_LIMITS.pageSize + 1,
  });
  const { shown, nextCursor } = page(rows, STAFF_LIMITS.pageSize);
  return { requests: shown.map(presentSupport), nextCursor };
}

export async function markSupportHandled(db: Db, principal: StaffPrincipal | null, id: number) {
  assertMay('view_support_requests', principal);
  const row = await db.transaction(async (tx) => {
    const handled = await repository.markSupportHandled(tx, id, principal.userId);
    if (handled)
      await recordAudit(tx, {
        actorId: principal.userId,
        action: 'support.handled',
        targetUserId: handled.memberId,
        details: { requestId: id },
      });
    return handled;
  });
  if (!row) throw notFound('This support request does not exist.');
  return presentSupport(row);
}

// ─── Groups ────────────────────────────────────────────────────────────────

export async function listGroups(db: Db, principal: StaffPrincipal | null, cursor?: string) {
  assertMay('manage_groups', principal);
  const rows = await repository.listGroups(db, {
    beforeId: decodeIdCursor(cursor),
    limit: STAFF_LIMITS.pageSize + 1,
  });
  const { shown, nextCursor } = page(rows, STAFF_LIMITS.pageSize);
  return {
    groups: shown.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    nextCursor,
  };
}

/** Whether a member is suspended (auth refuses their sign-in). */
export async function isSuspended(db: Tx, userId: number) {
  return (await repository.memberStanding(db, userId))?.suspended ?? false;
}
