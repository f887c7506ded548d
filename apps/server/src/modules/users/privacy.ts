import type { Visibility } from '@attune/contract';

/** How the viewer stands to the owner of a profile. */
export interface Relation {
  self: boolean;
  connected: boolean;
  /** Signed in as a member (any role). */
  member: boolean;
  /** The manufacturer's staff: super_admin, area_manager or medel_user. */
  staff: boolean;
}

export const STAFF_ROLES = ['super_admin', 'area_manager', 'medel_user'];
export const isStaff = (roles: readonly string[]) =>
  roles.some((role) => STAFF_ROLES.includes(role));

/**
 * The one visibility rule: the owner always sees; 'only_me' nobody else; 'connections' accepted
 * connections; 'members' every signed-in member; 'staff' the manufacturer's staff only.
 */
export function canSee(visibility: Visibility, relation: Relation): boolean {
  if (relation.self) return true;
  switch (visibility) {
    case 'only_me':
      return false;
    case 'connections':
      return relation.connected;
    case 'members':
      return relation.member;
    case 'staff':
      return relation.staff;
  }
}
