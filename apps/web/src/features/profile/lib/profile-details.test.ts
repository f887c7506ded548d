import { describe, expect, it } from 'vitest';
import type { ProfileFieldInfo } from '@attune/contract';
import type { ExtendedField } from '../../../lib/api/profile';
import { connectionState } from '../../../lib/connection-state';
import { profileGroups, type ReferenceData } from './profile-details';

const info = (name: string, options: Array<[string, string]>): ProfileFieldInfo => ({
  databaseId: 1,
  name,
  type: 'selectbox',
  defaultVisibility: 'connections',
  isHealth: true,
  options: options.map(([value, label]) => ({ value, label })),
});

const reference: ReferenceData = {
  fields: [
    info('Left ear', [['cochlear-implant', 'Cochlear implant']]),
    info('Interests', [
      ['music', 'Music'],
      ['travel', 'Travel'],
    ]),
  ],
  countries: [
    { name: 'Ireland', code: 'IE', emoji: '🇮🇪', flag: '/media/flags/ie.svg', slug: 'ireland' },
  ],
  languages: [
    { code: 'en', name: 'English' },
    { code: 'es', name: 'Spanish' },
  ],
  yes: 'Yes',
  no: 'No',
  separator: ', ',
};

const field = (name: string, raw: string, visibility: string | null = null): ExtendedField => ({
  databaseId: 1,
  name,
  value: { raw },
  visibility,
});

describe('profile details', () => {
  it('shows option labels, not raw values, and only what the server returned', () => {
    const groups = profileGroups(
      [
        field('Left ear', 'cochlear-implant', 'only_me'),
        field('Interests', 'music,travel'),
        field('Speaking languages', 'en,es'),
        field('Country', 'ie'),
        field('Use hearing', 'yes'),
        field('Welcome message', ''),
      ],
      reference,
    );
    expect(groups.devices).toEqual([
      { name: 'left ear', text: 'Cochlear implant', visibility: 'only_me' },
    ]);
    expect(groups.languages.map((item) => item.text)).toEqual([
      'English, Spanish',
      'Music, Travel',
    ]);
    expect(groups.place).toEqual([
      { name: 'country', text: 'Ireland', flag: '/media/flags/ie.svg', visibility: null },
    ]);
    expect(groups.journey.map((item) => item.text)).toEqual(['Yes']);
    // Empty values and fields the server left out (right ear, device type …) are not shown.
    expect(groups.welcome).toEqual([]);
  });

  it('falls back to the stored value when an option is unknown', () => {
    const groups = profileGroups([field('Left ear', 'new-kind')], reference);
    expect(groups.devices[0]?.text).toBe('new-kind');
  });

  it('reads isFriend as connected, a request either way, or not connected (default 3)', () => {
    expect(connectionState(1)).toBe('connected');
    expect(connectionState(2)).toBe('requestSent');
    expect(connectionState(4)).toBe('requestReceived');
    expect(connectionState(3)).toBe('notConnected');
    expect(connectionState(undefined)).toBe('notConnected');
  });
});
