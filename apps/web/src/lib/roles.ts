import { primaryRole, ROLE_COLOR_TOKENS, roleLabel, type Role } from '@attune/contract';
import { getManufacturerName } from './config';

export type RoleColorToken = (typeof ROLE_COLOR_TOKENS)[Role];
export type PaletteMode = 'light' | 'dark';

export interface RoleColors {
  background: string;
  text: string;
}

/**
 * Theme colours of the role colour tokens (spec §6). Light mode: strong colours with white text;
 * dark mode: light tints with dark text. Every pair keeps at least 4.5:1 contrast.
 */
const ROLE_COLORS: Record<string, Record<PaletteMode, RoleColors>> = {
  'accent-magenta': {
    light: { background: '#AD1457', text: '#FFFFFF' },
    dark: { background: '#F48FB1', text: '#1F1F1F' },
  },
  primary: {
    light: { background: '#C62828', text: '#FFFFFF' },
    dark: { background: '#EF9A9A', text: '#1F1F1F' },
  },
  'accent-green': {
    light: { background: '#1B5E20', text: '#FFFFFF' },
    dark: { background: '#A5D6A7', text: '#1F1F1F' },
  },
  'medel-user': {
    light: { background: '#0B4F9C', text: '#FFFFFF' },
    dark: { background: '#90CAF9', text: '#1F1F1F' },
  },
  'member-user': {
    light: { background: '#455A64', text: '#FFFFFF' },
    dark: { background: '#CFD8DC', text: '#1F1F1F' },
  },
};

/** Background and text colour of a role colour token in the given theme mode. */
export function roleColors(token: string, mode: PaletteMode): RoleColors {
  return (ROLE_COLORS[token] ?? ROLE_COLORS['member-user']!)[mode];
}

export interface RoleBadge {
  role: Role;
  label: string;
  colorToken: RoleColorToken;
}

/** The badge of a member: their highest-priority role, its label and colour token (spec §6). */
export function roleBadge(
  roles: readonly string[],
  manufacturerName: string = getManufacturerName(),
): RoleBadge {
  const role = primaryRole(roles);
  return { role, label: roleLabel(role, manufacturerName), colorToken: ROLE_COLOR_TOKENS[role] };
}
