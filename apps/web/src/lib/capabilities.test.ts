import { describe, expect, it } from 'vitest';
import { capabilitiesFor } from '@attune/contract';
import { mayEditProfileOf, viewerCan } from './capabilities';

const viewer = (databaseId: number, ...roles: string[]) => ({
  databaseId,
  capabilities: capabilitiesFor(roles),
});

describe('viewer capabilities', () => {
  it('offers editing one’s own profile, and another’s only to admins', () => {
    expect(mayEditProfileOf(viewer(1, 'member'), 1)).toBe(true);
    expect(mayEditProfileOf(viewer(1, 'member'), 2)).toBe(false);
    expect(mayEditProfileOf(viewer(1, 'area_manager'), 2)).toBe(false);
    expect(mayEditProfileOf(viewer(1, 'super_admin'), 2)).toBe(true);
    expect(mayEditProfileOf(null, 2)).toBe(false);
  });

  it('reads capabilities from the contract’s table', () => {
    expect(viewerCan(viewer(1, 'medel_user'), 'view_medel_area')).toBe(true);
    expect(viewerCan(viewer(1, 'mentor'), 'view_medel_area')).toBe(false);
    expect(viewerCan(undefined, 'read')).toBe(false);
  });
});
