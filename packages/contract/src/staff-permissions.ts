import type { Role } from './constants';

/**
 * The staff area's permission table (step 9, decision 0048): what the manufacturer's staff may do,
 * one table for the server's policy, the web's workspace and the role-matrix test. Deny by default:
 * an operation or a kind of actor missing from the table is refused. Kept free of zod so the web's
 * first screen can ask it without loading the schemas (staff.ts holds those).
 */

/** Every staff operation, each one door of the staff API (see STAFF_OPERATION_ROUTES). */
export const STAFF_OPERATIONS = [
  /** Enter the workspace: its overview counts. */
  'view_workspace',
  /** `area-manager-users`: the members of an area. */
  'list_area_members',
  /** `isregistered`: whether an e-mail has an account (staff only: no account discovery). */
  'check_registered',
  /** `invite-user` as a plain member. */
  'invite_member',
  /** `invite-user` with a staff or mentor role. */
  'invite_with_role',
  /** Make a member of the area a mentor, or no longer one. */
  'grant_mentor',
  /** Make someone an area manager or the manufacturer's user, or take it back. */
  'grant_staff_role',
  /** `list-users` with filters, and its CSV export (never health fields). */
  'export_members',
  /** The reports queue and one report. */
  'view_reports',
  /** Act on a report: hide the post, warn, suspend, or dismiss. */
  'act_on_report',
  /** Suspend a member of the area, or lift their suspension. */
  'suspend_member',
  /** The audit log of staff actions and staff reads of health data. */
  'view_audit_log',
  /** Pages (about, faq, terms-and-conditions, any slug) and the FAQ entries. */
  'edit_content',
  /** Translation overrides (`translation/internal`). */
  'edit_translations',
  /** Support requests sent through the contact form, and marking them handled. */
  'view_support_requests',
  /** Every group, hidden ones too, for group management. */
  'manage_groups',
] as const;
export type StaffOperation = (typeof STAFF_OPERATIONS)[number];

/**
 * Who asks, as the table tells them apart. Area managers look after the members of their own area
 * (the member's `area`): for an operation about a member or their report, an area manager of
 * another area is a different actor from the area manager of the member's area.
 */
export const STAFF_ACTORS = [
  'anonymous',
  'member',
  'mentor',
  'medel_user',
  'area_manager_other_area',
  'area_manager_of_area',
  'super_admin',
] as const;
export type StaffActor = (typeof STAFF_ACTORS)[number];

type Row = Readonly<Record<StaffActor, boolean>>;
const row = (allowed: readonly StaffActor[]): Row =>
  Object.fromEntries(STAFF_ACTORS.map((actor) => [actor, allowed.includes(actor)])) as Row;

const ALL_STAFF: readonly StaffActor[] = [
  'medel_user',
  'area_manager_other_area',
  'area_manager_of_area',
  'super_admin',
];
const AREA_MANAGERS_ANY_AREA: readonly StaffActor[] = [
  'area_manager_other_area',
  'area_manager_of_area',
  'super_admin',
];
const AREA_MANAGER_OF_AREA: readonly StaffActor[] = ['area_manager_of_area', 'super_admin'];
const ADMIN_ONLY: readonly StaffActor[] = ['super_admin'];

/** The policy table: who may do each staff operation. */
export const STAFF_PERMISSIONS: Readonly<Record<StaffOperation, Row>> = {
  view_workspace: row(ALL_STAFF),
  list_area_members: row(AREA_MANAGER_OF_AREA),
  check_registered: row(ALL_STAFF),
  invite_member: row(ALL_STAFF),
  invite_with_role: row(ADMIN_ONLY),
  grant_mentor: row(AREA_MANAGER_OF_AREA),
  grant_staff_role: row(ADMIN_ONLY),
  export_members: row(AREA_MANAGER_OF_AREA),
  view_reports: row(AREA_MANAGER_OF_AREA),
  act_on_report: row(AREA_MANAGER_OF_AREA),
  suspend_member: row(AREA_MANAGER_OF_AREA),
  view_audit_log: row(ADMIN_ONLY),
  edit_content: row(AREA_MANAGERS_ANY_AREA),
  edit_translations: row(ADMIN_ONLY),
  view_support_requests: row(ALL_STAFF),
  manage_groups: row(AREA_MANAGERS_ANY_AREA),
};

/**
 * Which kind of actor someone is for the table: by their highest staff role, and for area
 * managers whether the thing asked about lies in their area (`sameArea`; for operations not about
 * one area, pass true — both area-manager columns agree there).
 */
export function staffActorOf(
  roles: readonly string[] | null | undefined,
  sameArea: boolean,
): StaffActor {
  if (!roles) return 'anonymous';
  if (roles.includes('super_admin')) return 'super_admin';
  if (roles.includes('area_manager'))
    return sameArea ? 'area_manager_of_area' : 'area_manager_other_area';
  if (roles.includes('medel_user')) return 'medel_user';
  if (roles.includes('mentor')) return 'mentor';
  return 'member';
}

/** May this actor do this staff operation? Unknown operations and actors are refused. */
export function mayStaff(operation: StaffOperation, actor: StaffActor): boolean {
  return STAFF_PERMISSIONS[operation]?.[actor] ?? false;
}

/** Whether someone with these roles may do the operation anywhere (the web shows its tab). */
export function mayStaffAnywhere(
  operation: StaffOperation,
  roles: readonly string[] | null | undefined,
) {
  return mayStaff(operation, staffActorOf(roles, true));
}

/** What the web's workspace shows: each operation the viewer may do somewhere. */
export type StaffAbilities = Record<StaffOperation, boolean>;
export function staffAbilities(roles: readonly string[] | null | undefined): StaffAbilities {
  return Object.fromEntries(
    STAFF_OPERATIONS.map((operation) => [operation, mayStaffAnywhere(operation, roles)]),
  ) as StaffAbilities;
}

/** The roles staff grant (invitations and role changes); super_admin is never granted here. */
export const GRANTABLE_ROLES = [
  'member',
  'mentor',
  'medel_user',
  'area_manager',
] as const satisfies readonly Role[];
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

/** The operation a role change or an invitation with that role needs. */
export function operationForRole(role: GrantableRole, kind: 'invite' | 'grant'): StaffOperation {
  if (kind === 'invite') return role === 'member' ? 'invite_member' : 'invite_with_role';
  return role === 'mentor' ? 'grant_mentor' : 'grant_staff_role';
}

/** A report's states, and what staff may do about one (the web's address keeps the status). */
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export const REPORT_ACTIONS = ['hide_post', 'warn', 'suspend', 'dismiss'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
