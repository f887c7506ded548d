import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { escapeLike } from '../../lib/sql-text';
import { rowsOf } from '../../db/rows';

/**
 * The staff area's statements (decision 0048). Every list is one statement per page, whatever its
 * length: the names it shows are joined in, never looked up per row.
 */

export interface StaffSelf {
  id: number;
  area: string;
  roles: string[];
}

export async function memberStanding(db: Tx, userId: number) {
  const [row] = await rowsOf<{
    id: number;
    area: string;
    roles: string[];
    suspended: boolean;
    email: string;
    locale: string;
  }>(
    db,
    sql`select id, area, roles, suspended_at is not null as suspended, email, locale
      from users where id = ${userId}`,
  );
  return row;
}

// ─── Members ───────────────────────────────────────────────────────────────

export interface MemberFilters {
  /** null: every area (super_admin's 'all'). */
  area: string | null;
  search?: string;
  role?: string;
  country?: string;
  /** Rows with a smaller id than this (newest first). */
  beforeId?: number;
  limit: number;
}

export interface StaffMemberRow {
  id: number;
  nickname: string;
  name: string;
  email: string;
  area: string;
  country: string | null;
  locale: string;
  roles: string[];
  registeredAt: Date | string;
  lastActivityAt: Date | string | null;
  suspended: boolean;
}

/**
 * The country a member shows staff: their profile value unless they keep it to themselves
 * (`only_me`). It is the only profile value staff lists read, and no health field ever is.
 */
const COUNTRY = sql`(select pv.value from profile_values pv
    join profile_fields pf on pf.id = pv.field_id
   where pv.user_id = u.id and pf.group_id = 1 and lower(pf.name) = 'country' and pv.value <> ''
     and coalesce(pv.visibility, pf.default_visibility) <> 'only_me'
   limit 1)`;

export function listMembers(db: Tx, filters: MemberFilters) {
  const conditions: SQL[] = [sql`true`];
  if (filters.area !== null) conditions.push(sql`u.area = ${filters.area}`);
  if (filters.beforeId !== undefined) conditions.push(sql`u.id < ${filters.beforeId}`);
  if (filters.role) conditions.push(sql`${filters.role} = any(u.roles)`);
  if (filters.search)
    conditions.push(sql`f_unaccent(lower(u.nickname || ' ' || u.first_name || ' ' || u.last_name
      || ' ' || u.email)) like '%' || f_unaccent(lower(${escapeLike(filters.search)})) || '%'`);
  if (filters.country) conditions.push(sql`upper(${COUNTRY}) = upper(${filters.country})`);
  return rowsOf<StaffMemberRow>(
    db,
    sql`select u.id, u.nickname, trim(u.first_name || ' ' || u.last_name) as name, u.email, u.area,
        ${COUNTRY} as country, u.locale, u.roles, u.created_at as "registeredAt",
        u.last_activity_at as "lastActivityAt", u.suspended_at is not null as suspended
      from users u
      where ${sql.join(conditions, sql` and `)}
      order by u.id desc
      limit ${filters.limit}`,
  );
}

export async function findUserIdByEmail(db: Tx, email: string) {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`select id from users where email = ${email.trim().toLowerCase()}`,
  );
  return row?.id ?? null;
}

export async function setRoles(db: Tx, userId: number, roles: readonly string[]) {
  await db.execute(
    sql`update users set roles = ${sql`array[${sql.join(
      roles.map((role) => sql`${role}`),
      sql`, `,
    )}]::text[]`}, updated_at = now() where id = ${userId}`,
  );
}

/** An invited member's area, and for a staff role the staff registration type. */
export async function setArea(db: Tx, userId: number, area: string, staff: boolean) {
  await db.execute(sql`update users set area = ${area}
    ${staff ? sql`, registration_type = 'medel'` : sql``} where id = ${userId}`);
}

export async function setSuspended(db: Tx, userId: number, suspended: boolean) {
  await db.execute(
    sql`update users set suspended_at = ${suspended ? sql`now()` : sql`null`} where id = ${userId}`,
  );
}

// ─── Invitations ───────────────────────────────────────────────────────────

export async function insertInvitation(
  db: Tx,
  invitation: {
    tokenHash: string;
    email: string;
    role: string;
    area: string;
    language: string;
    invitedBy: number;
    expiresAt: Date;
  },
) {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into invitations (token_hash, email, role, area, language, invited_by, expires_at)
      values (${invitation.tokenHash}, ${invitation.email}, ${invitation.role}, ${invitation.area},
        ${invitation.language}, ${invitation.invitedBy}, ${invitation.expiresAt.toISOString()})
      returning id`,
  );
  return row!.id;
}

export interface InvitationRow {
  id: number;
  email: string;
  role: string;
  area: string;
  language: string;
}

/** A usable invitation: not used, not expired. */
export async function findUsableInvitation(db: Tx, tokenHash: string) {
  const [row] = await rowsOf<InvitationRow>(
    db,
    sql`select id, email, role, area, language from invitations
      where token_hash = ${tokenHash} and used_at is null and expires_at > now()`,
  );
  return row;
}

/** Marks the invitation used by this member; false when another request used it first. */
export async function consumeInvitation(db: Tx, id: number, userId: number) {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update invitations set used_at = now(), used_by = ${userId}
      where id = ${id} and used_at is null and expires_at > now() returning id`,
  );
  return rows.length === 1;
}

/**
 * Account deletion: the invitations to the address go, and the audit log keeps that someone was
 * invited but no longer to which address.
 */
export async function forgetInvitee(db: Tx, email: string) {
  await db.execute(sql`delete from invitations where email = ${email}`);
  await db.execute(sql`update staff_audit set details = details || '{"email":"(deleted account)"}'::jsonb
    where action = 'member.invited' and details->>'email' = ${email}`);
}

// ─── Reports ───────────────────────────────────────────────────────────────

export interface ReportRow {
  id: number;
  reason: string;
  details: string;
  status: string;
  createdAt: Date | string;
  reporterId: number | null;
  reporterNickname: string | null;
  reporterArea: string | null;
  reportedId: number;
  reportedNickname: string;
  reportedArea: string;
  reportedSuspended: boolean;
  postId: number | null;
  postTitle: string | null;
  postSlug: string | null;
  postHidden: boolean | null;
  action: string | null;
  note: string;
  handlerId: number | null;
  handlerNickname: string | null;
  handlerArea: string | null;
  handledAt: Date | string | null;
}

const REPORT_SELECT = sql`select r.id, r.reason, r.details, r.status, r.created_at as "createdAt",
    r.reporter_id as "reporterId", rep.nickname as "reporterNickname", rep.area as "reporterArea",
    r.reported_id as "reportedId", u.nickname as "reportedNickname", u.area as "reportedArea",
    u.suspended_at is not null as "reportedSuspended",
    r.post_id as "postId", p.title as "postTitle", p.slug as "postSlug",
    p.hidden_at is not null as "postHidden",
    r.action, r.note, r.handled_by as "handlerId", h.nickname as "handlerNickname",
    h.area as "handlerArea", r.handled_at as "handledAt"
  from member_reports r
  join users u on u.id = r.reported_id
  left join users rep on rep.id = r.reporter_id
  left join users h on h.id = r.handled_by
  left join posts p on p.id = r.post_id`;

export function listReports(
  db: Tx,
  filters: { status: string; area: string | null; beforeId?: number; limit: number },
) {
  const conditions: SQL[] = [sql`r.status = ${filters.status}`];
  if (filters.area !== null) conditions.push(sql`u.area = ${filters.area}`);
  if (filters.beforeId !== undefined) conditions.push(sql`r.id < ${filters.beforeId}`);
  return rowsOf<ReportRow>(
    db,
    sql`${REPORT_SELECT} where ${sql.join(conditions, sql` and `)} order by r.id desc
      limit ${filters.limit}`,
  );
}

export async function findReport(db: Tx, id: number) {
  const [row] = await rowsOf<ReportRow>(db, sql`${REPORT_SELECT} where r.id = ${id}`);
  return row;
}

/** Closes an open report; false when it was handled meanwhile (another staff member was quicker). */
export async function closeReport(
  db: Tx,
  id: number,
  outcome: { status: string; action: string; note: string; handledBy: number },
) {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update member_reports set status = ${outcome.status}, action = ${outcome.action},
        note = ${outcome.note}, handled_by = ${outcome.handledBy}, handled_at = now()
      where id = ${id} and status = 'open' returning id`,
  );
  return rows.length === 1;
}

export async function insertPostReport(
  db: Tx,
  report: {
    reporterId: number;
    reportedId: number;
    postId: number;
    reason: string;
    details: string;
  },
) {
  await db.execute(sql`insert into member_reports (reporter_id, reported_id, post_id, reason, details)
    values (${report.reporterId}, ${report.reportedId}, ${report.postId}, ${report.reason},
      ${report.details})`);
}

// ─── Audit log ─────────────────────────────────────────────────────────────

export interface AuditRow {
  id: number;
  action: string;
  details: Record<string, unknown>;
  createdAt: Date | string;
  actorId: number | null;
  actorNickname: string | null;
  actorArea: string | null;
  targetId: number | null;
  targetNickname: string | null;
  targetArea: string | null;
}

export function listAudit(db: Tx, filters: { beforeId?: number; limit: number }) {
  return rowsOf<AuditRow>(
    db,
    sql`select a.id, a.action, a.details, a.created_at as "createdAt",
        a.actor_id as "actorId", actor.nickname as "actorNickname", actor.area as "actorArea",
        a.target_user_id as "targetId", target.nickname as "targetNickname",
        target.area as "targetArea"
      from staff_audit a
      left join users actor on actor.id = a.actor_id
      left join users target on target.id = a.target_user_id
      where ${filters.beforeId === undefined ? sql`true` : sql`a.id < ${filters.beforeId}`}
      order by a.id desc limit ${filters.limit}`,
  );
}

// ─── Support requests ──────────────────────────────────────────────────────

export interface SupportRow {
  id: number;
  formId: string;
  name: string;
  email: string;
  message: string;
  language: string;
  createdAt: Date | string;
  handledAt: Date | string | null;
  memberId: number | null;
  memberNickname: string | null;
  memberArea: string | null;
}

const SUPPORT_SELECT = sql`select s.id, s.form_id as "formId", s.name, s.email, s.message,
    s.language, s.created_at as "createdAt", s.handled_at as "handledAt",
    s.user_id as "memberId", u.nickname as "memberNickname", u.area as "memberArea"
  from support_requests s left join users u on u.id = s.user_id`;

export function listSupportRequests(
  db: Tx,
  filters: { status: string; beforeId?: number; limit: number },
) {
  return rowsOf<SupportRow>(
    db,
    sql`${SUPPORT_SELECT} where s.status = ${filters.status}
      ${filters.beforeId === undefined ? sql`` : sql`and s.id < ${filters.beforeId}`}
      order by s.id desc limit ${filters.limit}`,
  );
}

/** Marks a request handled; undefined when there is no such request. */
export async function markSupportHandled(db: Tx, id: number, staffId: number) {
  await db.execute(sql`update support_requests set status = 'handled', handled_at = now(),
    handled_by = ${staffId} where id = ${id} and status = 'open'`);
  const [row] = await rowsOf<SupportRow>(db, sql`${SUPPORT_SELECT} where s.id = ${id}`);
  return row;
}

// ─── Groups and the overview ───────────────────────────────────────────────

export function listGroups(db: Tx, filters: { beforeId?: number; limit: number }) {
  return rowsOf<{
    id: number;
    name: string;
    slug: string;
    status: 'public' | 'private' | 'hidden';
    memberCount: number;
    pendingRequests: number;
    createdAt: Date | string;
  }>(
    db,
    sql`select g.id, g.name, g.slug, g.status, g.member_count as "memberCount",
        (select count(*)::int from group_members gm
          where gm.group_id = g.id and gm.status = 'pending') as "pendingRequests",
        g.created_at as "createdAt"
      from groups g
      where ${filters.beforeId === undefined ? sql`true` : sql`g.id < ${filters.beforeId}`}
      order by g.id desc limit ${filters.limit}`,
  );
}

/** The overview's counts in one statement; reports only of the area unless `area` is null. */
export async function overviewCounts(db: Tx, area: string | null) {
  const [row] = await rowsOf<{
    openReports: number;
    openSupportRequests: number;
    pendingInvitations: number;
  }>(
    db,
    sql`select
        (select count(*)::int from member_reports r join users u on u.id = r.reported_id
          where r.status = 'open' ${area === null ? sql`` : sql`and u.area = ${area}`}) as "openReports",
        (select count(*)::int from support_requests where status = 'open') as "openSupportRequests",
        (select count(*)::int from invitations where used_at is null and expires_at > now())
          as "pendingInvitations"`,
  );
  return row!;
}
