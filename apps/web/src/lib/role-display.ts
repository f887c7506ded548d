import type { Role } from '@attune/contract';
import { roleBadge, roleColors, type PaletteMode, type RoleColors } from './roles';

export interface RoleDisplay {
  role: Role;
  /** i18n key (namespace 'profile') of the role label; English equals the spec §6 label. */
  labelKey: `roles.${Role}`;
  colorToken: string;
  colors: RoleColors;
}

/** The badge of a member (spec §6): highest-priority role, its label key and themed colours. */
export function roleDisplay(roles: readonly string[], mode: PaletteMode): RoleDisplay {
  const badge = roleBadge(roles);
  return {
    role: badge.role,
    labelKey: `roles.${badge.role}`,
    colorToken: badge.colorToken,
    colors: roleColors(badge.colorToken, mode),
  };
}
