import type { ProfileUpdateInput } from '@attune/contract';

/**
 * The profile form as the onboarding and settings screens hold it. Every key is optional: a form
 * that shows only part of the profile (one onboarding step) leaves the rest `undefined`, and
 * `buildProfilePayload` then leaves those keys out so the server keeps their stored values.
 */
export interface ProfileFormValues {
  nickname?: string;
  email?: string;
  /** The new password, repeated; sent as `password` (spec §3). Blank means "no change". */
  confirmPassword?: string;
  /** Needed by the server to change e-mail or password. */
  currentPassword?: string;
  /** First name (spec §3 "name"). */
  name?: string;
  lastName?: string;
  /** Welcome message (spec §3 "welcome"). */
  welcome?: string;
  enableAutomaticResponse?: 'yes' | 'no';
  automaticResponse?: string;
  interests?: readonly string[] | string;
  /** Speaking languages (spec §3 "languages"), ISO 639-1 codes. */
  languages?: readonly string[] | string;
  /** Description (spec §3 "about"). */
  about?: string;
  yearOfBirth?: string | number;
  stage?: string;
  journey?: string;
  myJourneyDescription?: string;
  leftEar?: string | null;
  rightEar?: string | null;
  deviceType?: string | null;
  completedSetup?: 'yes' | 'no';
  country?: string | null;
  region?: string | null;
  /** yes / true / 1 / on (or `true`) mean yes; anything else no. */
  useHearing?: string | boolean | null;
  hearingAidType?: string;
  seekSupportFor?: readonly string[] | string;
  headline?: string;
}

const TRUE_WORDS = new Set(['yes', 'true', '1', 'on']);

/** The spec's boolean reading of a yes/no answer: yes, true, 1 or on (any case) mean true. */
export function toBoolean(value: string | boolean | null | undefined): boolean {
  if (typeof value === 'boolean') return value;
  return TRUE_WORDS.has((value ?? '').trim().toLowerCase());
}

/** A list field as the server stores it: comma-joined, without blanks. */
export function joinList(value: readonly string[] | string): string {
  const items = typeof value === 'string' ? value.split(',') : value;
  return items
    .map((item) => item.trim())
    .filter(Boolean)
    .join(',');
}

/** Blank (null, undefined or only spaces) becomes '' so the server clears the field. */
const orEmpty = (value: string | null | undefined) => (value ?? '').trim();

/**
 * Turns the profile form into the `PUT /api/update-profile` payload with exactly the mapping of
 * spec §3 (name → firstName, welcome → welcomeMessage, languages → speakingLanguages, about →
 * description, confirm-password → password, lists comma-joined, blank ears and device type and a
 * null region → '', useHearing → boolean, latestUpdate = now). Kept in one pure function so the
 * onboarding and the settings page cannot drift apart.
 */
export function buildProfilePayload(
  form: ProfileFormValues,
  now: Date = new Date(),
): ProfileUpdateInput {
  const payload: ProfileUpdateInput = {};
  const has = <K extends keyof ProfileFormValues>(key: K) => form[key] !== undefined;

  if (has('nickname')) payload.nickname = form.nickname!;
  if (has('email')) payload.email = form.email!;
  // A blank confirm field means the member is not changing the password.
  if (form.confirmPassword) payload.password = form.confirmPassword;
  if (form.currentPassword) payload.currentPassword = form.currentPassword;
  if (has('name')) payload.firstName = form.name!;
  if (has('lastName')) payload.lastName = form.lastName!;
  if (has('welcome')) payload.welcomeMessage = form.welcome!;
  if (has('enableAutomaticResponse'))
    payload.enableAutomaticResponse = form.enableAutomaticResponse!;
  if (has('automaticResponse')) payload.automaticResponse = form.automaticResponse!;
  if (has('interests')) payload.interests = joinList(form.interests!);
  if (has('languages')) payload.speakingLanguages = joinList(form.languages!);
  if (has('about')) payload.description = form.about!;
  if (has('yearOfBirth')) payload.yearOfBirth = String(form.yearOfBirth).trim();
  if (has('stage')) payload.stage = form.stage!;
  if (has('journey')) payload.journey = form.journey!;
  if (has('myJourneyDescription')) payload.myJourneyDescription = form.myJourneyDescription!;
  if (has('leftEar')) payload.leftEar = orEmpty(form.leftEar);
  if (has('rightEar')) payload.rightEar = orEmpty(form.rightEar);
  if (has('deviceType')) payload.deviceType = orEmpty(form.deviceType);
  if (has('completedSetup')) payload.completedSetup = form.completedSetup!;
  if (has('country')) payload.country = orEmpty(form.country);
  if (has('region')) payload.region = orEmpty(form.region);
  if (has('useHearing')) payload.useHearing = toBoolean(form.useHearing);
  if (has('hearingAidType')) payload.hearingAidType = form.hearingAidType!;
  if (has('seekSupportFor')) payload.seekSupportFor = joinList(form.seekSupportFor!);
  if (has('headline')) payload.headline = form.headline!;
  payload.latestUpdate = now.toISOString();
  return payload;
}
