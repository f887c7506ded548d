import { describe, expect, it } from 'vitest';
import { VISIBILITIES } from '@attune/contract';
import { canSee, isStaff, type Relation } from './privacy';

const viewer = (overrides: Partial<Relation>): Relation => ({
  self: false,
  connected: false,
  member: true,
  staff: false,
  ...overrides,
});

describe('visibility rule', () => {
  it('always shows the owner everything', () => {
    for (const level of VISIBILITIES) expect(canSee(level, viewer({ self: true }))).toBe(true);
  });

  it.each([
    // level, stranger, connection, staff member (not connected)
    ['only_me', false, false, false],
    ['connections', false, true, false],
    ['members', true, true, true],
    ['staff', false, false, true],
  ] as const)('%s: stranger %s, connection %s, staff %s', (level, stranger, connection, staff) => {
    expect(canSee(level, viewer({}))).toBe(stranger);
    expect(canSee(level, viewer({ connected: true }))).toBe(connection);
    expect(canSee(level, viewer({ staff: true }))).toBe(staff);
  });

  it('shows nothing to a viewer who is not signed in', () => {
    expect(VISIBILITIES.filter((level) => canSee(level, viewer({ member: false })))).toEqual([]);
  });

  it('counts the manufacturer staff roles as staff', () => {
    expect(isStaff(['medel_user'])).toBe(true);
    expect(isStaff(['area_manager'])).toBe(true);
    expect(isStaff(['super_admin'])).toBe(true);
    expect(isStaff(['mentor', 'member'])).toBe(false);
  });
});
