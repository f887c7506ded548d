import type { Country, ProfileFieldInfo, SpeakingLanguage } from '@attune/contract';
import type { ExtendedField } from '../../../lib/api/profile';
import type { FieldName } from './field-names';
import { fieldOptions, listLabels, optionLabel } from '../../../lib/option-labels';

/** Groups of the profile page and the extended fields each shows, in reading order. */
export const PROFILE_GROUPS = {
  about: ['year of birth'],
  journey: ['stage', 'journey', 'my journey description', 'use hearing'],
  devices: ['left ear', 'right ear', 'device type', 'hearing aid type'],
  place: ['country', 'region'],
  languages: ['speaking languages', 'interests', 'seek support for'],
  welcome: ['welcome message'],
} as const satisfies Record<string, readonly FieldName[]>;

export type ProfileGroup = keyof typeof PROFILE_GROUPS;

export interface ShownField {
  name: FieldName;
  /** Readable text: option labels, not raw values; lists joined by the caller's separator. */
  text: string;
  visibility: string | null;
  /** For the country: its flag image. */
  flag?: string;
}

export interface ReferenceData {
  fields: readonly ProfileFieldInfo[];
  countries: readonly Country[];
  languages: readonly SpeakingLanguage[];
  /** Words for yes and no in the page language. */
  yes: string;
  no: string;
  /** Joins list items, e.g. ', '. */
  separator: string;
}

/**
 * The readable value of one field the server returned, or null when it is empty. The server has
 * already left out what the viewer may not see; this only turns values into words.
 */
export function shownField(
  field: ExtendedField,
  name: FieldName,
  reference: ReferenceData,
): ShownField | null {
  const raw = field.value.raw.trim();
  if (!raw) return null;
  const base = { name, visibility: field.visibility };
  switch (name) {
    case 'use hearing':
      return { ...base, text: raw === 'yes' ? reference.yes : reference.no };
    case 'country': {
      const country = reference.countries.find((item) => item.code === raw.toUpperCase());
      return { ...base, text: country?.name ?? raw, ...(country ? { flag: country.flag } : {}) };
    }
    case 'speaking languages': {
      const options = reference.languages.map((item) => ({ value: item.code, label: item.name }));
      return { ...base, text: listLabels(options, raw).join(reference.separator) };
    }
    case 'interests':
    case 'seek support for':
      return {
        ...base,
        text: listLabels(fieldOptions(reference.fields, name), raw).join(reference.separator),
      };
    default:
      return { ...base, text: optionLabel(fieldOptions(reference.fields, name), raw) };
  }
}

/** The fields of each group that have something to show. */
export function profileGroups(
  extended: readonly ExtendedField[],
  reference: ReferenceData,
): Record<ProfileGroup, ShownField[]> {
  const byName = new Map(extended.map((field) => [field.name.toLowerCase(), field]));
  const result = {} as Record<ProfileGroup, ShownField[]>;
  for (const [group, names] of Object.entries(PROFILE_GROUPS) as Array<
    [ProfileGroup, readonly FieldName[]]
  >) {
    result[group] = names.flatMap((name) => {
      const field = byName.get(name);
      const shown = field ? shownField(field, name, reference) : null;
      return shown ? [shown] : [];
    });
  }
  return result;
}
