import type { EXTENDED_PROFILE_FIELDS } from '@attune/contract';

/** One extended profile field name (spec §3), lowercase as the contract lists them. */
export type FieldName = (typeof EXTENDED_PROFILE_FIELDS)[number];

/** The fields each settings section edits, so its visibility selects and payload stay together. */
export const SECTION_FIELDS = {
  about: ['headline', 'year of birth'],
  hearing: [
    'stage',
    'journey',
    'my journey description',
    'left ear',
    'right ear',
    'device type',
    'hearing aid type',
    'use hearing',
  ],
  place: ['country', 'region'],
  interests: ['interests', 'speaking languages', 'seek support for'],
  messages: ['welcome message', 'enable automatic response', 'automatic response'],
} as const satisfies Record<string, readonly FieldName[]>;

export type SectionName = keyof typeof SECTION_FIELDS;

/** i18n key stem (namespace 'profile') of a field: 'fields.leftEar' for 'left ear'. */
export function fieldKey(name: FieldName): string {
  return name.replace(/ (\w)/g, (_, letter: string) => letter.toUpperCase());
}
