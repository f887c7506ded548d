import { VISIBILITIES, type Visibility } from '@attune/contract';
import type { ExtendedField } from '../../../lib/api/profile';

/** Who may see a field, narrowest first, as the settings list offers them. */
export const VISIBILITY_CHOICES: readonly Visibility[] = VISIBILITIES;

/** i18n key (namespace 'profile') of the label of a visibility level. */
export function visibilityLabelKey(level: Visibility) {
  return `visibility.levels.${level}` as const;
}

/** Narrows a raw value from the server to a visibility level, or null when it is not one. */
export function asVisibility(value: string | null | undefined): Visibility | null {
  return (VISIBILITIES as readonly string[]).includes(value ?? '') ? (value as Visibility) : null;
}

/**
 * The visibility of a field on one's own profile (fetch-user gives it for every field), looked up
 * by name case-insensitively; the server's default for that field when it is missing.
 */
export function fieldVisibility(
  fields: readonly ExtendedField[],
  name: string,
  fallback: Visibility,
): Visibility {
  const field = fields.find((item) => item.name.toLowerCase() === name.toLowerCase());
  return asVisibility(field?.visibility) ?? fallback;
}
