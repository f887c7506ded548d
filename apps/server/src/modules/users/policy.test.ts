import { describe, expect, it } from 'vitest';
import { capabilitiesFor, VISIBILITIES, type Role } from '@attune/contract';
import {
  isStaff,
  mayEditProfile,
  maySeeAccountDetails,
  maySeeEmail,
  maySeeField,
  mayUploadAvatar,
  relationOf,
  type Actor,
  type Relation,
} from './policy';

const viewer = (overrides: Partial<Relation>): Relation => ({
  self: false,
  connected: false,
  member: true,
  staff: false,
  ...overrides,
});

/** An actor with the capabilities of these roles, as the principal carries them. */
const actor = (userId: number, ...roles: Role[]): Actor => ({
  userId,
  capabilities: capabilitiesFor(roles),
});

const OWNER = { id: 7 };

describe('visibility rule', () => {
  it('always shows the owner everything', () => {
    for (const level of VISIBILITIES) expect(maySeeField(level, viewer({ self: true }))).toBe(true);
  });

  it.each([
    // level, stranger, connection, staff member (not connected)
    ['only_me', false, false, false],
    ['connections', false, true, false],
    ['members', true, true, true],
    ['staff', false, false, true],
  ] as const)('%s: stranger %s, connection %s, staff %s', (level, stranger, connection, staff) => {
    expect(maySeeField(level, viewer({}))).toBe(stranger);
    expect(maySeeField(level, viewer({ connected: true }))).toBe(connection);
    expect(maySeeField(level, viewer({ staff: true }))).toBe(staff);
  });

  it('shows nothing to a viewer who is not signed in', () => {
    expect(VISIBILITIES.filter((level) => maySeeField(level, viewer({ member: false })))).toEqual(
      [],
    );
  });

  it('counts the manufacturer staff roles as staff, by their capability', () => {
    expect(isStaff(actor(1, 'medel_user'))).toBe(true);
    expect(isStaff(actor(1, 'area_manager'))).toBe(true);
    expect(isStaff(actor(1, 'super_admin'))).toBe(true);
    expect(isStaff(actor(1, 'mentor', 'member'))).toBe(false);
  });

  it('builds the relation from the actor: self, staff, and connected only for someone else', () => {
    expect(relationOf(actor(7, 'member'), OWNER, true)).toEqual({
      self: true,
      member: true,
      staff: false,
      connected: false,
    });
    expect(relationOf(actor(8, 'medel_user'), OWNER, true)).toEqual({
      self: false,
      member: true,
      staff: true,
      connected: true,
    });
  });
});

describe('users policy', () => {
  it('lets a member edit their own profile and avatar, and nobody else’s', () => {
    for (const rule of [mayEditProfile, mayUploadAvatar]) {
      expect(rule(actor(7, 'member'), OWNER)).toBe(true);
      expect(rule(actor(8, 'member'), OWNER)).toBe(false);
      // Staff and mentors manage no one's profile; only manage_users does.
      expect(rule(actor(8, 'area_manager'), OWNER)).toBe(false);
      expect(rule(actor(8, 'mentor'), OWNER)).toBe(false);
      expect(rule(actor(8, 'super_admin'), OWNER)).toBe(true);
    }
  });

  it('refuses an actor without edit_own_profile even on their own profile', () => {
    expect(mayEditProfile({ userId: 7, capabilities: ['read'] }, OWNER)).toBe(false);
  });

  it('shows the e-mail address to the owner and to admins only', () => {
    expect(maySeeEmail(actor(7, 'member'), OWNER)).toBe(true);
    expect(maySeeEmail(actor(8, 'super_admin'), OWNER)).toBe(true);
    expect(maySeeEmail(actor(8, 'area_manager'), OWNER)).toBe(false);
    expect(maySeeEmail(actor(8, 'member'), OWNER)).toBe(false);
  });

  it('keeps capabilities, token expiry and visibility settings to the owner, admins included', () => {
    expect(maySeeAccountDetails(actor(7, 'member'), OWNER)).toBe(true);
    expect(maySeeAccountDetails(actor(8, 'super_admin'), OWNER)).toBe(false);
  });
});
