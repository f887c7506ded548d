import { describe, expect, it } from 'vitest';
import deOnboarding from '../../../locales/de/onboarding.json';
import enOnboarding from '../../../locales/en/onboarding.json';
import esOnboarding from '../../../locales/es/onboarding.json';
import { FIELD_LABEL_KEYS } from './field-labels';
import { STEP_FIELDS } from './steps';

type Tree = { [key: string]: string | Tree };

/** Every key path of a locale file. */
const paths = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path] : paths(value, path);
  });

describe('onboarding field names', () => {
  it('gives every field the onboarding asks a name from the shared profile texts', () => {
    for (const fields of Object.values(STEP_FIELDS)) {
      for (const field of fields) {
        if (field === 'consent') continue;
        expect(FIELD_LABEL_KEYS[field], field).toBeTruthy();
      }
    }
  });

  it.each([
    ['en', enOnboarding],
    ['de', deOnboarding],
    ['es', esOnboarding],
  ])('keeps no field name of its own in %s/onboarding.json', (_language, texts) => {
    // A label or legend here would be a second name for a field the settings page also names.
    const own = paths(texts as Tree).filter((path) => /\.(label|legend)$/.test(path));
    expect(own).toEqual([]);
  });
});
