import type { ProfileUpdateInput } from '@attune/contract';
import { AppError } from '../../errors';

/** Payload keys that are extended profile fields, with their field names (spec §3 mapping). */
export const FIELD_KEYS = {
  welcomeMessage: 'welcome message',
  enableAutomaticResponse: 'enable automatic response',
  automaticResponse: 'automatic response',
  interests: 'interests',
  speakingLanguages: 'speaking languages',
  yearOfBirth: 'year of birth',
  stage: 'stage',
  journey: 'journey',
  myJourneyDescription: 'my journey description',
  leftEar: 'left ear',
  rightEar: 'right ear',
  deviceType: 'device type',
  completedSetup: 'completed setup',
  country: 'country',
  region: 'region',
  useHearing: 'use hearing',
  hearingAidType: 'hearing aid type',
  seekSupportFor: 'seek support for',
  headline: 'headline',
} as const satisfies Partial<Record<keyof ProfileUpdateInput, string>>;

export type FieldKey = keyof typeof FIELD_KEYS;

export const invalid = (message: string) => new AppError('validation_failed', 400, message);

/** Splits a comma-joined list, trimming and dropping empty items and repeats. */
export const splitList = (value: string) => [
  ...new Set(
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ),
];

/** The stored text of a field value from the payload (booleans become yes/no). */
export function storedValue(value: string | number | boolean): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value).trim();
}

export function checkYearOfBirth(value: string, now = new Date()): void {
  if (value === '') return;
  const year = Number(value);
  const max = now.getFullYear();
  if (!/^\d{4}$/.test(value) || year < 1900 || year > max)
    throw invalid(`Please enter a year of birth between 1900 and ${max}.`);
}
