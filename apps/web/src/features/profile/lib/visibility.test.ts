import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/profile.json';
import type { ExtendedField } from '../../../lib/api/profile';
import {
  asVisibility,
  fieldVisibility,
  VISIBILITY_CHOICES,
  visibilityLabelKey,
} from './visibility';

const field = (name: string, visibility: string | null): ExtendedField => ({
  databaseId: 1,
  name,
  value: { raw: '' },
  visibility,
});

describe('visibility', () => {
  it('offers the four levels of decision 0011, narrowest first', () => {
    expect(VISIBILITY_CHOICES).toEqual(['only_me', 'connections', 'members', 'staff']);
  });

  it('labels each level in plain words', () => {
    const labels = VISIBILITY_CHOICES.map((level) => {
      const [, , key] = visibilityLabelKey(level).split('.');
      return en.visibility.levels[key as keyof typeof en.visibility.levels];
    });
    expect(labels).toEqual(['Only me', 'My connections', 'Members', 'Staff']);
  });

  it('accepts only known levels', () => {
    expect(asVisibility('members')).toBe('members');
    expect(asVisibility('everyone')).toBeNull();
    expect(asVisibility(null)).toBeNull();
  });

  it('reads the level of a field by name, ignoring case, else the default', () => {
    const fields = [field('Left ear', 'only_me'), field('Headline', null)];
    expect(fieldVisibility(fields, 'left ear', 'connections')).toBe('only_me');
    expect(fieldVisibility(fields, 'headline', 'members')).toBe('members');
    expect(fieldVisibility(fields, 'right ear', 'connections')).toBe('connections');
  });
});
