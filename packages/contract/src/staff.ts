import { SEARCH_MAX_LENGTH } from './constants';
import { z } from 'zod';
import { LANGUAGES } from './constants';
import {
  GRANTABLE_ROLES,
  REPORT_ACTIONS,
  REPORT_STATUSES,
  STAFF_OPERATIONS,
} from './staff-permissions';
import { MEMBER_REPORT_REASONS } from './connections';
import { SUPPORT_FORM_IDS } from './support';

/**
 * The staff area's requests and answers (step 9, decision 0048). Who may do what is the table in
 * staff-permissions.ts.
 */

export const STAFF_LIMITS = {
  /** Entries per page of the staff lists. */
  pageSize: 50,
  /** Rows in one CSV export. */
  exportMaxRows: 10000,
  /** Days an invitation link works. */
  invitationDays: 14,
  noteMax: 1000,
} as const;

// ─── Overview ──────────────────────────────────────────────────────────────

export const StaffOverview = z.object({
  abilities: z.record(z.enum(STAFF_OPERATIONS), z.boolean()),
  /** The viewer's area ('international' for those without one). */
  area: z.string(),
  openReports: z.number().int(),
  openSupportRequests: z.number().int(),
  pendingInvitations: z.number().int(),
});
export type StaffOverview = z.infer<typeof StaffOverview>;

// ─── Members (area-manager-users, list-users, isregistered, roles) ─────────

/** A member as staff lists them: no health field ever (hearing, ears, devices). */
export const StaffMemberEntry = z.object({
  id: z.number().int(),
  nickname: z.string(),
  name: z.string(),
  email: z.string(),
  area: z.string(),
  country: z.string().nullable(),
  locale: z.enum(LANGUAGES),
  roles: z.array(z.string()),
  registeredAt: z.string(),
  lastActivityAt: z.string().nullable(),
  suspended: z.boolean(),
});
export type StaffMemberEntry = z.infer<typeof StaffMemberEntry>;

export const StaffMembersQuery = z.object({
  /** Defaults to the viewer's area; super_admin may ask any area or 'all'. */
  area: z.string().trim().max(100).optional(),
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  role: z.enum(['member', 'mentor', 'medel_user', 'area_manager', 'super_admin']).optional(),
  country: z.string().trim().length(2).optional(),
  cursor: z.string().max(200).optional(),
  /** `csv` answers a file (text/csv) of every match, up to STAFF_LIMITS.exportMaxRows. */
  format: z.enum(['json', 'csv']).optional(),
});
export type StaffMembersQuery = z.input<typeof StaffMembersQuery>;

export const StaffMembersOutput = z.object({
  members: z.array(StaffMemberEntry),
  nextCursor: z.string().nullable(),
});
export type StaffMembersOutput = z.infer<typeof StaffMembersOutput>;

/** The CSV export's columns, in order (non-health fields only). */
export const STAFF_EXPORT_COLUMNS = [
  'id',
  'nickname',
  'name',
  'email',
  'area',
  'country',
  'locale',
  'roles',
  'registeredAt',
  'lastActivityAt',
  'suspended',
] as const satisfies readonly (keyof StaffMemberEntry)[];

export const IsRegisteredQuery = z.object({ email: z.email().max(254) });
export const IsRegisteredOutput = z.object({
  registered: z.boolean(),
  userId: z.number().int().nullable(),
});
export type IsRegisteredOutput = z.infer<typeof IsRegisteredOutput>;

export const SetRoleInput = z.object({
  role: z.enum(['mentor', 'medel_user', 'area_manager']),
  granted: z.boolean(),
});
export type SetRoleInput = z.infer<typeof SetRoleInput>;
export const SetRoleOutput = z.object({ id: z.number().int(), roles: z.array(z.string()) });

export const SetSuspensionInput = z.object({
  suspended: z.boolean(),
  /** Why, for the audit log. */
  note: z.string().trim().max(1000).optional(),
});
export type SetSuspensionInput = z.input<typeof SetSuspensionInput>;
export const SetSuspensionOutput = z.object({ id: z.number().int(), suspended: z.boolean() });

// ─── Invitations ───────────────────────────────────────────────────────────

export const InviteUserInput = z.object({
  email: z.email().max(254),
  role: z.enum(GRANTABLE_ROLES).optional(),
  /** The invited member's language (the mail's and the link's); the inviter's when absent. */
  language: z.enum(LANGUAGES).optional(),
});
export type InviteUserInput = z.input<typeof InviteUserInput>;
export const InviteUserOutput = z.object({
  message: z.string(),
  invitationId: z.number().int(),
  expiresAt: z.string(),
});
export type InviteUserOutput = z.infer<typeof InviteUserOutput>;

/** What a registration page learns from an invitation link's token (public). */
export const InvitationOutput = z.object({
  email: z.string(),
  role: z.enum(GRANTABLE_ROLES),
  language: z.enum(LANGUAGES),
});
export type InvitationOutput = z.infer<typeof InvitationOutput>;

// ─── Reports queue ─────────────────────────────────────────────────────────

export const StaffMemberRef = z.object({
  id: z.number().int(),
  nickname: z.string(),
  area: z.string(),
});

export const StaffReport = z.object({
  id: z.number().int(),
  reason: z.enum(MEMBER_REPORT_REASONS),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  reporter: StaffMemberRef.nullable(),
  reported: StaffMemberRef.extend({ suspended: z.boolean() }),
  /** The reported post, when the report is about one. */
  post: z
    .object({ id: z.number().int(), title: z.string(), slug: z.string(), hidden: z.boolean() })
    .nullable(),
  /** What staff did, once handled. */
  resolution: z
    .object({
      action: z.enum(REPORT_ACTIONS),
      note: z.string(),
      by: StaffMemberRef.nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type StaffReport = z.infer<typeof StaffReport>;

export const StaffReportsQuery = z.object({
  status: z.enum(REPORT_STATUSES).optional(),
  cursor: z.string().max(200).optional(),
});
export const StaffReportsOutput = z.object({
  reports: z.array(StaffReport),
  nextCursor: z.string().nullable(),
});
export type StaffReportsOutput = z.infer<typeof StaffReportsOutput>;

export const ReportActionInput = z.object({
  action: z.enum(REPORT_ACTIONS),
  /** For the audit log, and with `warn` the text the member reads. */
  note: z.string().trim().max(STAFF_LIMITS.noteMax).optional(),
});
export type ReportActionInput = z.input<typeof ReportActionInput>;

/** A member reports a post (its author lands in the staff queue with the post). */
export const ReportPostInput = z.object({
  reason: z.enum(MEMBER_REPORT_REASONS),
  details: z.string().trim().max(STAFF_LIMITS.noteMax).optional(),
});
export type ReportPostInput = z.input<typeof ReportPostInput>;

// ─── Audit log ─────────────────────────────────────────────────────────────

/** What the audit log records; every staff action, and every staff read of health data. */
export const AUDIT_ACTIONS = [
  'report.hide_post',
  'report.warn',
  'report.suspend',
  'report.dismiss',
  'member.role_granted',
  'member.role_removed',
  'member.suspended',
  'member.unsuspended',
  'member.invited',
  'member.lookup',
  'members.exported',
  'member.health_read',
  'page.updated',
  'faq.updated',
  'translation.updated',
  'support.handled',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntry = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  actor: StaffMemberRef.nullable(),
  target: StaffMemberRef.nullable(),
  /** What else the action concerned, e.g. `{ "postId": 3 }` or `{ "slug": "faq" }`. */
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditLogOutput = z.object({
  entries: z.array(AuditEntry),
  nextCursor: z.string().nullable(),
});
export type AuditLogOutput = z.infer<typeof AuditLogOutput>;

// ─── Support requests for staff ───────────────────────────────────────────

export const StaffSupportRequest = z.object({
  id: z.number().int(),
  reference: z.string(),
  formId: z.enum(SUPPORT_FORM_IDS),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  language: z.enum(LANGUAGES),
  /** The member who sent it, when signed in. */
  member: StaffMemberRef.nullable(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type StaffSupportRequest = z.infer<typeof StaffSupportRequest>;
export const StaffSupportRequestsOutput = z.object({
  requests: z.array(StaffSupportRequest),
  nextCursor: z.string().nullable(),
});
export type StaffSupportRequestsOutput = z.infer<typeof StaffSupportRequestsOutput>;

// ─── Groups for staff ─────────────────────────────────────────────────────

export const StaffGroupEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(['public', 'private', 'hidden']),
  memberCount: z.number().int(),
  pendingRequests: z.number().int(),
  createdAt: z.string(),
});
export type StaffGroupEntry = z.infer<typeof StaffGroupEntry>;
export const StaffGroupsOutput = z.object({
  groups: z.array(StaffGroupEntry),
  nextCursor: z.string().nullable(),
});
export type StaffGroupsOutput = z.infer<typeof StaffGroupsOutput>;
