import { ROLES, type Language, type Role } from './constants';

/**
 * The manufacturer's name per language while the deployment configures none (spec §6 "the
 * manufacturer"), as it stands alone in a sentence. German and Spanish texts are worded so that
 * both these and a brand name fit where the name goes.
 */
export const DEFAULT_MANUFACTURER_NAMES: Record<Language, string> = {
  en: 'the manufacturer',
  de: 'der Hersteller',
  es: 'el fabricante',
};

/** UI colour token per role (spec §6). */
export const ROLE_COLOR_TOKENS: Record<Role, string> = {
  super_admin: 'accent-magenta',
  area_manager: 'primary',
  mentor: 'accent-green',
  medel_user: 'medel-user',
  member: 'member-user',
};

/**
 * The label of a role (spec §6). Where the spec says "the manufacturer", the configured
 * manufacturer name is used (branding is public configuration).
 */
export function roleLabel(role: Role, manufacturerName: string): string {
  switch (role) {
    case 'super_admin':
      return 'Admin';
    case 'area_manager':
      return manufacturerName;
    case 'mentor':
      return 'Mentor';
    case 'medel_user':
      return `${manufacturerName}'s user`;
    case 'member':
      return 'Member';
  }
}

/** The highest-priority role a user has (spec §6: the first one in priority order), else 'member'. */
export function primaryRole(roles: readonly string[]): Role {
  return ROLES.find((role) => roles.includes(role)) ?? 'member';
}

/** Setup is done only when the completed setup field says 'yes' (spec §4). */
export function isSetupComplete(value: string | null | undefined): boolean {
  return value === 'yes';
}
