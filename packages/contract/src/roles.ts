import { ROLES, type Role } from './constants';

/** The highest-priority role a user has (spec §6: the first one in priority order), else 'member'. */
export function primaryRole(roles: readonly string[]): Role {
  return ROLES.find((role) => roles.includes(role)) ?? 'member';
}

/** Setup is done only when the completed setup field says 'yes' (spec §4). */
export function isSetupComplete(value: string | null | undefined): boolean {
  return value === 'yes';
}
