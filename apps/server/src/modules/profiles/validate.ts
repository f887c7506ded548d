import {
  isYearOfBirthValid,
  nicknameProblem,
  YEAR_OF_BIRTH_MIN,
  yearOfBirthMax,
  type ProfileUpdateInput,
} from '@attune/contract';
import { AppError, invalidField } from '../../errors';
import { nicknameTooShort } from '../users/service';

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

/** The payload key of each field name, so a refused value names the key the client sent. */
export const KEY_OF_FIELD: ReadonlyMap<string, FieldKey> = new Map(
  (Object.entries(FIELD_KEYS) as [FieldKey, string][]).map(([key, name]) => [name, key]),
);

/** A refused value of a payload key or field name (`validation_failed` with `{ field }`). */
export const invalid = (field: string, message: string) =>
  invalidField(KEY_OF_FIELD.get(field) ?? field, message);

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
  if (!isYearOfBirthValid(value, now))
    throw invalid(
      'yearOfBirth',
      `Please enter a year of birth between ${YEAR_OF_BIRTH_MIN} and ${yearOfBirthMax(now)}.`,
    );
}

/**
 * The form of a display name (the contract's `nicknameProblem`, which the web forms use too):
 * long enough, and not a name the app keeps for itself (a page under /profile, `admin`, the form
 * of a neutral username). Whether another member has it is the caller's check.
 */
export function checkNickname(nickname: string, current = ''): void {
  const problem = nicknameProblem(nickname);
  // A member keeps a name they hold already, should it have become reserved since.
  if (problem === 'reserved' && nickname.toLowerCase() === current.trim().toLowerCase()) return;
  if (problem === 'too_short') throw nicknameTooShort();
  if (problem === 'reserved')
    throw new AppError(
      'nickname_reserved',
      400,
      'This name is kept for Attune itself. Please choose another one.',
    );
  // 'too_long' cannot reach here: ProfileUpdateInput refuses it first.
}
