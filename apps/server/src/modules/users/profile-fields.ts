import { EXTENDED_PROFILE_FIELDS } from '@attune/contract';

type FieldName = (typeof EXTENDED_PROFILE_FIELDS)[number];

const TYPES: Partial<Record<FieldName, string>> = {
  'completed setup': 'yesno',
  interests: 'multiselect',
  'speaking languages': 'multiselect',
  stage: 'selectbox',
  'year of birth': 'number',
  'welcome message': 'textarea',
  'enable automatic response': 'yesno',
  'automatic response': 'textarea',
  journey: 'selectbox',
  'my journey description': 'textarea',
  'left ear': 'selectbox',
  'right ear': 'selectbox',
  'device type': 'selectbox',
  country: 'selectbox',
  region: 'selectbox',
  'use hearing': 'yesno',
  'seek support for': 'multiselect',
  'hearing aid type': 'selectbox',
  headline: 'textbox',
};

/** Field group 1 as stored: display names are capitalised ("Completed setup"); lookups ignore case. */
export const PROFILE_FIELD_DEFINITIONS = EXTENDED_PROFILE_FIELDS.map((name) => ({
  name: name.charAt(0).toUpperCase() + name.slice(1),
  type: TYPES[name] ?? 'textbox',
}));
