import { describe, expect, it } from 'vitest';
import {
  CAPABILITIES,
  capabilitiesFor,
  hasCapability,
  mayEditMember,
  ROLE_CAPABILITIES,
} from './capabilities';
import { ROLES } from './constants';

describe('capability table', () => {
  it('gives every role the member capabilities and names only known capabilities', () => {
    for (const role of ROLES) {
      expect(ROLE_CAPABILITIES[role]).toEqual(expect.arrayContaining(['read', 'edit_own_profile']));
      for (const capability of ROLE_CAPABILITIES[role]) expect(CAPABILITIES).toContain(capability);
    }
  });

  it('takes the union of the roles, sorted, ignoring unknown roles', () => {
    expect(capabilitiesFor(['mentor', 'medel_user', 'pirate'])).toEqual([
      'comment',
      'edit_own_profile',
      'join_groups',
      'mentor_members',
      'read',
      'send_messages',
      'view_medel_area',
      'write_posts',
    ]);
    expect(capabilitiesFor([])).toEqual([]);
  });

  it('keeps managing members to super_admin', () => {
    expect(ROLES.filter((role) => hasCapability(ROLE_CAPABILITIES[role], 'manage_users'))).toEqual([
      'super_admin',
    ]);
    expect(hasCapability(undefined, 'read')).toBe(false);
  });

  it('lets a member change their own things, and manage_users anyone’s', () => {
    const member = { userId: 1, capabilities: capabilitiesFor(['member']) };
    const admin = { userId: 2, capabilities: capabilitiesFor(['super_admin']) };
    expect(mayEditMember(member, 1)).toBe(true);
    expect(mayEditMember(member, 2)).toBe(false);
    expect(mayEditMember(admin, 1)).toBe(true);
    expect(mayEditMember(null, 1)).toBe(false);
  });
});
