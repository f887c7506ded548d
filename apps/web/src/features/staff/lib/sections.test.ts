import { describe, expect, it } from 'vitest';
import { staffAbilities } from '@attune/contract';
import { mayOpenSection, openSections, sectionAt } from './sections';

describe('staff sections', () => {
  it('reads the section from the address, nested pages included', () => {
    expect(sectionAt('/en/medel')).toBe('overview');
    expect(sectionAt('/de/medel/')).toBe('overview');
    expect(sectionAt('/es/medel/reports')).toBe('reports');
    expect(sectionAt('/en/medel/pages/about')).toBe('pages');
    expect(sectionAt('/en/medel/unknown')).toBeNull();
    expect(sectionAt('/en/medelx')).toBeNull();
    expect(sectionAt('/en/groups')).toBeNull();
  });

  it('opens nothing to members and mentors', () => {
    expect(openSections(staffAbilities(['member']))).toEqual([]);
    expect(openSections(staffAbilities(['member', 'mentor']))).toEqual([]);
    expect(openSections(staffAbilities(null))).toEqual([]);
  });

  it('follows the contract table for each staff role', () => {
    const medel = staffAbilities(['medel_user']);
    expect(mayOpenSection('members', medel)).toBe(true);
    expect(mayOpenSection('reports', medel)).toBe(false);
    const manager = staffAbilities(['area_manager']);
    expect(mayOpenSection('reports', manager)).toBe(true);
    expect(mayOpenSection('audit', manager)).toBe(false);
    expect(openSections(staffAbilities(['super_admin']))).toHaveLength(9);
  });
});
