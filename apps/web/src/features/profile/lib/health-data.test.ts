import { describe, expect, it } from 'vitest';
import type { ProfileFieldInfo } from '@attune/contract';
import { addsHealthData } from './health-data';

const field = (name: string, isHealth: boolean): ProfileFieldInfo => ({
  databaseId: 1,
  name,
  type: 'selectbox',
  defaultVisibility: 'connections',
  isHealth,
  options: [],
});
const fields = [
  field('Left ear', true),
  field('Use hearing', true),
  field('Seek support for', true),
  field('Country', false),
];

describe('addsHealthData', () => {
  it('is true for a non-empty value of a health field, a yes/no answer included', () => {
    expect(addsHealthData({ leftEar: 'cochlear-implant' }, fields)).toBe(true);
    expect(addsHealthData({ useHearing: false }, fields)).toBe(true);
    expect(addsHealthData({ seekSupportFor: 'phone-calls' }, fields)).toBe(true);
  });

  it('is false for blank health values and for other fields', () => {
    expect(addsHealthData({ leftEar: '  ', seekSupportFor: '' }, fields)).toBe(false);
    expect(addsHealthData({ country: 'DE', interests: 'music' }, fields)).toBe(false);
  });
});
