import type { Option, ProfileFieldInfo } from '@attune/contract';

/** The options of a choice field from `profile-fields`, by name case-insensitively. */
export function fieldOptions(fields: readonly ProfileFieldInfo[], name: string): Option[] {
  return fields.find((field) => field.name.toLowerCase() === name.toLowerCase())?.options ?? [];
}

/** The translated label of a stored value; the value itself when no option matches. */
export function optionLabel(options: readonly Option[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

/** Labels of a stored comma list, in stored order, skipping blanks. */
export function listLabels(options: readonly Option[], value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => optionLabel(options, item));
}
