import {
  GRANTABLE_ROLES,
  mayStaffAnywhere,
  operationForRole,
  type GrantableRole,
  type SetRoleInput,
} from '@attune/contract';

/** The roles someone with these roles may invite with (a plain member, for every staff member). */
export const invitableRoles = (roles: readonly string[]): GrantableRole[] =>
  GRANTABLE_ROLES.filter((role) => mayStaffAnywhere(operationForRole(role, 'invite'), roles));

/** The roles a role change grants or takes back, in the order their buttons show. */
export const SETTABLE_ROLES = [
  'mentor',
  'medel_user',
  'area_manager',
] as const satisfies readonly SetRoleInput['role'][];
export type SettableRole = (typeof SETTABLE_ROLES)[number];

/** The roles someone with these roles may grant and take back (mentor: area managers; staff roles: super_admin). */
export const settableRoles = (roles: readonly string[]): SettableRole[] =>
  SETTABLE_ROLES.filter((role) => mayStaffAnywhere(operationForRole(role, 'grant'), roles));
