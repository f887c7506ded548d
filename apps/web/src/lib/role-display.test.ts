import { beforeEach, describe, expect, it } from 'vitest';
import { ROLES, roleLabel } from '@attune/contract';
import en from '../locales/en/profile.json';
import { contrastRatio } from './contrast';
import { testConfig, useTestConfig } from '../test/config';
import { roleDisplay } from './role-display';

beforeEach(() => useTestConfig());

describe('role label and colour (spec §6)', () => {
  it('picks the highest-priority role with its colour token', () => {
    expect(roleDisplay(['member', 'mentor'], 'light')).toMatchObject({
      role: 'mentor',
      labelKey: 'roles.mentor',
      colorToken: 'accent-green',
    });
    expect(roleDisplay(['medel_user', 'super_admin'], 'light').colorToken).toBe('accent-magenta');
    expect(roleDisplay(['area_manager'], 'light').colorToken).toBe('primary');
    expect(roleDisplay(['medel_user'], 'light').colorToken).toBe('medel-user');
    expect(roleDisplay([], 'light')).toMatchObject({ role: 'member', colorToken: 'member-user' });
  });

  it('keeps the spec labels word for word in English', () => {
    for (const role of ROLES) {
      const text = en.roles[role].replace('{{manufacturer}}', testConfig.manufacturerName);
      expect(text).toBe(roleLabel(role, testConfig.manufacturerName));
    }
  });

  it('keeps at least 4.5:1 contrast for every role in both modes', () => {
    for (const role of ROLES) {
      for (const mode of ['light', 'dark'] as const) {
        const { colors } = roleDisplay([role], mode);
        expect(contrastRatio(colors.background, colors.text)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
