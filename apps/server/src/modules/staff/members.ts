import {
  GRANTABLE_ROLES,
  STAFF_EXPORT_COLUMNS,
  STAFF_LIMITS,
  operationForRole,
  type GrantableRole,
  type InvitationOutput,
  type Language,
  type SetRoleInput,
  type StaffMemberEntry,
  type StaffMembersQuery,
} from '@attune/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { randomToken, sha256 } from '../../lib/crypto';
import { decodeIdCursor } from '../../lib/id-cursor';
import { queueMail } from '../mail/service';
import { recordAudit } from '../audit/service';
import { assertMay, type StaffPrincipal } from '../../lib/staff-access';
import * as repository from './repository';
import { languageOf } from '../../lib/language';

import { iso, isoOrNull, selfOf, page, type StaffContext } from './shared';

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
