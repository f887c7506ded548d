import {
  STAFF_LIMITS,
  type MemberReportReason,
  type ReportAction,
  type StaffReport,
} from '@attune/contract';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { decodeIdCursor } from '../../lib/id-cursor';
import { queueMail } from '../mail/service';
import * as posts from '../posts/service';
import { recordAudit } from '../audit/service';
import { assertMay, type StaffPrincipal } from '../../lib/staff-access';
import * as repository from './repository';
import { languageOf } from '../../lib/language';

import { iso, ref, selfOf, page, type StaffContext } from './shared';

// ─── Reports ───────────────────────────────────────────────────────────────

const presentReport = (row: repository.ReportRow): StaffReport => ({
  id: row.id,
  reason: row.reason as MemberReportReason,
  details: row.details,
  status: row.status as StaffReport['status'],
  createdAt: iso(row.createdAt),
  reporter: ref(row.reporterId, row.reporterNickname, row.reporterArea),
  reported: {
    id: row.reportedId,
    nickname: row.reportedNickname,
    area: row.reportedArea,
    suspended: row.reportedSuspended,
  },
  post:
    row.postId === null
      ? null
      : {
          id: row.postId,
          title: row.postTitle ?? '',
          slug: row.postSlug ?? '',
          hidden: row.postHidden ?? false,
        },
  resolution:
    row.action === null || row.handledAt === null
      ? null
      : {
          action: row.action as ReportAction,
          note: row.note,
          by: ref(row.handlerId, row.handlerNickname, row.handlerArea),
          at: iso(row.handledAt),
        },
});

/** The reports queue: an area manager sees their area's reports, super_admin every report. */
export async function listReports(
  db: Db,
  principal: StaffPrincipal | null,
  query: { status?: 'open' | 'resolved' | 'dismissed'; cursor?: string },
) {
  assertMay('view_reports', principal);
  const self = await selfOf(db, principal);
  const rows = await repository.listReports(db, {
    status: query.status ?? 'open',
    area: self.roles.includes('super_admin') ? null : self.area,
    beforeId: decodeIdCursor(query.cursor),
    limit: STAFF_LIMITS.pageSize + 1,
  });
  const { shown, nextCursor } = page(rows, STAFF_LIMITS.pageSize);
  return { reports: shown.map(presentReport), nextCursor };
}

/** One report, for whom the table lets see the reported member's area. */
async function readableReport(
  db: Tx,
  principal: StaffPrincipal | null,
  id: number,
  operation: 'view_reports' | 'act_on_report',
) {
  if (!principal) assertMay(operation, principal);
  const self = await selfOf(db, principal!);
  const row = await repository.findReport(db, id);
  assertMay(operation, principal, row ? row.reportedArea === self.area : true);
  if (!row) throw notFound('This report does not exist.');
  return row;
}

export async function getReport(db: Db, principal: StaffPrincipal | null, id: number) {
  return presentReport(await readableReport(db, principal, id, 'view_reports'));
}

/**
 * Acts on an open report: hide the reported post, warn the member (a mail in their language with
 * staff's note), suspend them (no sign-in; every session ends on every instance), or dismiss the
 * report. The report is closed and the audit entry written in the same transaction as the action.
 */
export async function actOnReport(
  ctx: StaffContext,
  principal: StaffPrincipal | null,
  id: number,
  input: { action: ReportAction; note?: string },
) {
  const row = await readableReport(ctx.db, principal, id, 'act_on_report');
  const actor = principal!;
  if (row.status !== 'open')
    throw new AppError('conflict', 409, 'This report was handled already.');
  if (input.action === 'hide_post' && row.postId === null)
    throw new AppError('report_action_invalid', 400, 'This report is not about a post.');
  const note = input.note?.trim() ?? '';
  const reported =
    input.action === 'warn' ? await repository.memberStanding(ctx.db, row.reportedId) : undefined;
  await ctx.db.transaction(async (tx) => {
    const closed = await repository.closeReport(tx, id, {
      status: input.action === 'dismiss' ? 'dismissed' : 'resolved',
      action: input.action,
      note,
      handledBy: actor.userId,
    });
    if (!closed) throw new AppError('conflict', 409, 'This report was handled already.');
    if (input.action === 'hide_post') {
      await posts.setPostHidden(
        { db: tx, rateLimits: ctx.rateLimits, publicUrl: ctx.publicUrl },
        actor,
        row.postId!,
        true,
      );
    }
    if (input.action === 'suspend') await suspendInTransaction(ctx, tx, row.reportedId, true);
    if (reported && input.action === 'warn') {
      const language = languageOf(reported.locale);
      await queueMail(tx, reported.email, language, {
        kind: 'moderation-warning',
        note,
        guidelinesUrl: `${ctx.publicUrl}/${language}/terms-and-conditions`,
      });
    }
    await recordAudit(tx, {
      actorId: actor.userId,
      action: `report.${input.action}`,
      targetUserId: row.reportedId,
      details: {
        reportId: id,
        ...(row.postId ? { postId: row.postId } : {}),
        ...(note ? { note } : {}),
      },
    });
  });
  if (input.action === 'suspend') await ctx.endSessions(row.reportedId, 'suspended');
  return presentReport((await repository.findReport(ctx.db, id))!);
}

/**
 * Suspends a member (no sign-in; told by mail in their language) or lifts it, inside the caller's
 * transaction. The caller ends their sessions once committed (`ctx.endSessions`).
 */
async function suspendInTransaction(
  ctx: StaffContext,
  tx: Tx,
  memberId: number,
  suspended: boolean,
) {
  const member = await repository.memberStanding(tx, memberId);
  if (!member || member.suspended === suspended) return;
  await repository.setSuspended(tx, memberId, suspended);
  if (suspended) {
    const language = languageOf(member.locale);
    await queueMail(tx, member.email, language, {
      kind: 'account-suspended',
      supportUrl: `${ctx.publicUrl}/${language}/contact`,
    });
  }
}

/**
 * Suspends a member of the area directly (not from a report), or lifts the suspension: the
 * audit log says who and why; their sessions end on every instance.
 */
export async function setSuspension(
  ctx: StaffContext,
  principal: StaffPrincipal | null,
  memberId: number,
  input: { suspended: boolean; note?: string },
) {
  if (!principal) assertMay('suspend_member', principal);
  const self = await selfOf(ctx.db, principal!);
  const member = await repository.memberStanding(ctx.db, memberId);
  assertMay('suspend_member', principal, member ? member.area === self.area : true);
  if (!member) throw notFound('This member does not exist.');
  if (memberId === principal!.userId)
    throw new AppError('forbidden', 403, 'You cannot suspend yourself.');
  await ctx.db.transaction(async (tx) => {
    await suspendInTransaction(ctx, tx, memberId, input.suspended);
    await recordAudit(tx, {
      actorId: principal!.userId,
      action: input.suspended ? 'member.suspended' : 'member.unsuspended',
      targetUserId: memberId,
      details: input.note ? { note: input.note } : {},
    });
  });
  if (input.suspended) await ctx.endSessions(memberId, 'suspended');
  return { id: memberId, suspended: input.suspended };
}

/** A member reports a post they can read; its author lands in the staff queue with the post. */
export async function reportPost(
  db: Db,
  actor: { userId: number; capabilities: readonly string[] },
  postId: number,
  input: { reason: MemberReportReason; details?: string },
) {
  const post = await posts.postForComments(db, actor, postId);
  if (post.authorId === actor.userId)
    throw new AppError('cannot_report_self', 400, 'You cannot report your own post.');
  await repository.insertPostReport(db, {
    reporterId: actor.userId,
    reportedId: post.authorId,
    postId,
    reason: input.reason,
    details: input.details ?? '',
  });
}

/** A post report as if a member sent it, for the demo community. */
export const seedPostReport = (db: Tx, report: Parameters<typeof repository.insertPostReport>[1]) =>
  repository.insertPostReport(db, report);
