import {
  GRANTABLE_ROLES,
  STAFF_EXPORT_COLUMNS,
  STAFF_LIMITS,
  operationForRole,
  staffAbilities,
  type AuditEntry,
  type GrantableRole,
  type InvitationOutput,
  type Language,
  type MemberReportReason,
  type ReportAction,
  type SetRoleInput,
  type StaffMemberEntry,
  type StaffMembersQuery,
  type StaffOverview,
  type StaffReport,
  type StaffSupportRequest,
} from '@attune/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { randomToken, sha256 } from '../../lib/crypto';
import { decodeIdCursor, encodeIdCursor } from '../../lib/id-cursor';
import { queueMail } from '../mail/service';
import { referenceOf } from '../support/service';
import * as posts from '../posts/service';
import type { RateLimits } from '../../plugins/app/rate-limits';
import { recordAudit } from '../audit/service';
import { assertMay, type StaffPrincipal } from '../../lib/staff-access';
import * as repository from './repository';
import { languageOf } from '../../lib/language';

/**
 * The staff area (step 9, decision 0048): the members of an area, invitations, roles, the reports
 * queue with its actions, the audit log, support requests and groups. Every function asks the
 * contract's STAFF_PERMISSIONS table (policy.ts) before it reads or changes anything, and every
 * change writes its audit-log entry in the same transaction.
 */

export {
  may as mayStaffDo,
  assertMay as assertStaff,
  type StaffPrincipal,
} from '../../lib/staff-access';
export { recordAudit, recordAudits, type AuditRecord } from '../audit/service';

export interface StaffContext {
  db: Db;
  rateLimits: RateLimits;
  publicUrl: string;
  /** Ends every session of a member on every instance (auth's revokeAllSessions). */
  endSessions: (userId: number, reason: string) => Promise<void>;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const ref = (id: number | null, nickname: string | null, area: string | null) =>
  id === null ? null : { id, nickname: nickname ?? '', area: area ?? 'international' };

/** The acting staff member's own area and roles, read fresh (roles may have changed). */
async function selfOf(db: Tx, principal: StaffPrincipal) {
  const self = await repository.memberStanding(db, principal.userId);
  if (!self) throw notFound();
  return self;
}

/** A page of rows asked for one more than shown: the extra one says there is a next page. */
function page<T extends { id: number }>(rows: T[], size: number) {
  const shown = rows.slice(0, size);
  return { shown, nextCursor: rows.length > size ? encodeIdCursor(shown.at(-1)!.id) : null };
}

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

// ─── Members ───────────────────────────────────────────────────────────────

const presentMember = (row: repository.StaffMemberRow): StaffMemberEntry => ({
  id: row.id,
  nickname: row.nickname,
  name: row.name,
  email: row.email,
  area: row.area,
  country: row.country,
  locale: languageOf(row.locale),
  roles: row.roles,
  registeredAt: iso(row.registeredAt),
  lastActivityAt: isoOrNull(row.lastActivityAt),
  suspended: row.suspended,
});

/**
 * The area asked about: the viewer's own by default; `all` (every area) only for whom the table
 * lets act outside their area. Refused (403) for an area the viewer may not see.
 */
async function areaScope(
  db: Tx,
  principal: StaffPrincipal | null,
  operation: 'list_area_members' | 'export_members',
  asked: string | undefined,
) {
  // First whether they may do it in their own area at all, then for the area asked.
  assertMay(operation, principal);
  const self = await selfOf(db, principal);
  const area = asked && asked !== '' ? asked : self.area;
  const everyArea = area === 'all';
  assertMay(operation, principal, !everyArea && area === self.area);
  return everyArea ? null : area;
}

/** `area-manager-users` and `list-users` (JSON): one page of an area's members, newest first. */
export async function listMembers(
  db: Db,
  principal: StaffPrincipal | null,
  operation: 'list_area_members' | 'export_members',
  query: z.output<typeof import('@attune/contract').StaffMembersQuery>,
) {
  const area = await areaScope(db, principal, operation, query.area);
  const rows = await repository.listMembers(db, {
    area,
    search: query.search || undefined,
    role: query.role,
    country: query.country,
    beforeId: decodeIdCursor(query.cursor),
    limit: STAFF_LIMITS.pageSize + 1,
  });
  const { shown, nextCursor } = page(rows, STAFF_LIMITS.pageSize);
  return { members: shown.map(presentMember), nextCursor };
}

/** A CSV field: quoted when it holds a separator, quote or line break; formulas neutralised. */
function csvField(value: unknown): string {
  let text = Array.isArray(value) ? value.join(' ') : value === null ? '' : String(value);
  // A spreadsheet would run a cell starting with these as a formula (CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** `list-users` as CSV: every matching member (non-health fields only), with an audit entry. */
export async function exportMembersCsv(
  db: Db,
  principal: StaffPrincipal | null,
  query: StaffMembersQuery,
): Promise<string> {
  const area = await areaScope(db, principal, 'export_members', query.area);
  const rows = await repository.listMembers(db, {
    area,
    search: query.search || undefined,
    role: query.role,
    country: query.country,
    limit: STAFF_LIMITS.exportMaxRows,
  });
  await recordAudit(db, {
    actorId: principal!.userId,
    action: 'members.exported',
    details: { area: area ?? 'all', rows: rows.length, filters: { ...query, format: undefined } },
  });
  const lines = rows
    .map(presentMember)
    .map((member) => STAFF_EXPORT_COLUMNS.map((column) => csvField(member[column])).join(','));
  return [STAFF_EXPORT_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}

/** `isregistered`: staff only, so it cannot be used to find out who has an account. */
export async function isRegistered(db: Db, principal: StaffPrincipal | null, email: string) {
  assertMay('check_registered', principal);
  const userId = await repository.findUserIdByEmail(db, email);
  await recordAudit(db, {
    actorId: principal.userId,
    action: 'member.lookup',
    targetUserId: userId,
    details: { registered: userId !== null },
  });
  return { registered: userId !== null, userId };
}

/** Make a member a mentor (or a staff role, super_admin only), or take the role back. */
export async function setRole(
  ctx: StaffContext,
  principal: StaffPrincipal | null,
  memberId: number,
  input: SetRoleInput,
) {
  if (!principal) assertMay('grant_mentor', principal);
  const self = await selfOf(ctx.db, principal!);
  const member = await repository.memberStanding(ctx.db, memberId);
  const operation = operationForRole(input.role, 'grant');
  // Who is not staff at all learns nothing about the member (not even whether they exist).
  assertMay(operation, principal, member ? member.area === self.area : true);
  if (!member) throw notFound('This member does not exist.');
  if (memberId === principal!.userId)
    throw new AppError('forbidden', 403, 'You cannot change your own roles.');
  const roles = new Set(member.roles);
  if (input.granted) roles.add(input.role);
  else roles.delete(input.role);
  if (!roles.has('member')) roles.add('member');
  const next = [...roles];
  await ctx.db.transaction(async (tx) => {
    await repository.setRoles(tx, memberId, next);
    await recordAudit(tx, {
      actorId: principal!.userId,
      action: input.granted ? 'member.role_granted' : 'member.role_removed',
      targetUserId: memberId,
      details: { role: input.role },
    });
  });
  return { id: memberId, roles: next };
}

// ─── Invitations ───────────────────────────────────────────────────────────

/** A role's name as the invitation mail says it, in the mail's language ('' for a member). */
const ROLE_IN_MAIL: Record<GrantableRole, Record<Language, string>> = {
  member: { en: '', de: '', es: '' },
  mentor: { en: 'a mentor', de: 'Mentorin oder Mentor', es: 'mentor o mentora' },
  medel_user: {
    en: "a member of the manufacturer's team",
    de: 'Mitglied des Teams des Herstellers',
    es: 'miembro del equipo del fabricante',
  },
  area_manager: {
    en: 'an area manager',
    de: 'Gebietsverantwortliche Person',
    es: 'responsable de zona',
  },
};

const INVITED: Record<Language, string> = {
  en: 'The invitation is on its way.',
  de: 'Die Einladung ist unterwegs.',
  es: 'La invitación está en camino.',
};

/**
 * `invite-user`: mails a single-use link that pre-fills registration; the new member gets the role
 * and the inviter's area. An address that already has an account is refused (409 email_taken).
 */
export async function inviteUser(
  ctx: StaffContext,
  principal: StaffPrincipal | null,
  input: z.output<typeof import('@attune/contract').InviteUserInput>,
  requestLanguage: Language,
) {
  const role: GrantableRole = input.role ?? 'member';
  assertMay(operationForRole(role, 'invite'), principal);
  await ctx.rateLimits.consume('staff-invite:account', String(principal.userId));
  const email = input.email.trim().toLowerCase();
  if (await repository.findUserIdByEmail(ctx.db, email))
    throw new AppError('email_taken', 409, 'This e-mail address already has an account.');
  const self = await selfOf(ctx.db, principal);
  const language = input.language ?? requestLanguage;
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + STAFF_LIMITS.invitationDays * 86_400_000);
  const invitationId = await ctx.db.transaction(async (tx) => {
    const id = await repository.insertInvitation(tx, {
      tokenHash: sha256(token),
      email,
      role,
      area: self.area,
      language,
      invitedBy: principal.userId,
      expiresAt,
    });
    await queueMail(tx, email, language, {
      kind: 'invitation',
      url: `${ctx.publicUrl}/${language}/register?invite=${token}`,
      days: STAFF_LIMITS.invitationDays,
      role: ROLE_IN_MAIL[role][language],
    });
    await recordAudit(tx, {
      actorId: principal.userId,
      action: 'member.invited',
      details: { email, role, invitationId: id },
    });
    return id;
  });
  return { message: INVITED[requestLanguage], invitationId, expiresAt: expiresAt.toISOString() };
}

/** Account deletion: forgets the invitations to the member's address (repository.forgetInvitee). */
export const forgetInvitee = (tx: Tx, email: string) => repository.forgetInvitee(tx, email);

/** What a registration page learns from an invitation link (public; 404 once used or expired). */
export async function invitation(db: Db, token: string): Promise<InvitationOutput> {
  const row = await repository.findUsableInvitation(db, sha256(token));
  if (!row) throw notFound('This invitation does not exist any more.');
  return {
    email: row.email,
    role: GRANTABLE_ROLES.includes(row.role as GrantableRole)
      ? (row.role as GrantableRole)
      : 'member',
    language: row.language as Language,
  };
}

const invitationInvalid = () =>
  new AppError('invitation_invalid', 400, 'This invitation link no longer works.');

/**
 * Registration with an invitation (auth's registeruser calls this in its transaction, after the
 * member is created): the link must be usable and for this e-mail; it is used up, and the new
 * member gets its role and area. Throws `invitation_invalid` otherwise, which undoes the sign-up.
 */
export async function acceptInvitation(
  tx: Tx,
  token: string,
  member: { id: number; email: string },
) {
  const row = await repository.findUsableInvitation(tx, sha256(token));
  if (!row || row.email !== member.email) throw invitationInvalid();
  if (!(await repository.consumeInvitation(tx, row.id, member.id))) throw invitationInvalid();
  const roles = row.role === 'member' ? ['member'] : [row.role, 'member'];
  await repository.setRoles(tx, member.id, roles);
  await repository.setArea(
    tx,
    member.id,
    row.area,
    row.role === 'medel_user' || row.role === 'area_manager',
  );
}

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
