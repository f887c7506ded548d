import { beforeEach, describe, expect, it } from 'vitest';
import { ROLE_COLOR_TOKENS, ROLES } from '@attune/contract';
import { useTestConfig } from '../test/config';
import { contrastRatio } from './contrast';
import { DEFAULT_MANUFACTURER_NAME, getManufacturerName } from './config';
import { roleBadge, roleColors } from './roles';

beforeEach(() => useTestConfig());

describe('roleBadge', () => {
  it('picks the first role in priority order with its label and colour token', () => {
    expect(roleBadge(['member', 'mentor', 'medel_user'], 'Acme')).toEqual({
      role: 'mentor',
      label: 'Mentor',
      colorToken: 'accent-green',
    });
    expect(roleBadge(['member', 'super_admin'], 'Acme').label).toBe('Admin');
    expect(roleBadge(['area_manager'], 'Acme')).toMatchObject({
      label: 'Acme',
      colorToken: 'primary',
    });
    expect(roleBadge([], 'Acme')).toMatchObject({ role: 'member', colorToken: 'member-user' });
  });

  it('uses the neutral manufacturer name while the configuration has none', () => {
    expect(getManufacturerName()).toBe(DEFAULT_MANUFACTURER_NAME);
    expect(roleBadge(['medel_user']).label).toBe("the manufacturer's user");
    expect(roleBadge(['area_manager']).label).toBe('the manufacturer');
  });
});

describe('roleColors', () => {
  it('maps every colour token to a theme colour pair with AA contrast in both modes', () => {
    for (const role of ROLES) {
      for (const mode of ['light', 'dark'] as const) {
        const { background, text } = roleColors(ROLE_COLOR_TOKENS[role], mode);
        expect(contrastRatio(background, text), `${role} ${mode}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('falls back to the member colours for an unknown token', () => {
    expect(roleColors('unknown', 'light')).toEqual(roleColors('member-user', 'light'));
  });
});
