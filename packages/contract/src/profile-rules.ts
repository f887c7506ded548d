/**
 * Limits and rules of the profile form, defined once: the server validates with them
 * (`ProfileUpdateInput`, apps/server/src/modules/profiles/validate.ts) and the web forms (onboarding
 * and settings) check the same before anything is sent.
 */

/** Longest text each profile field takes, in characters. */
export const TEXT_LIMITS = {
  nickname: 50,
  firstName: 80,
  lastName: 80,
  headline: 120,
  welcomeMessage: 1000,
  automaticResponse: 1000,
  description: 2000,
  myJourneyDescription: 2000,
} as const;

/** Shortest display name, in characters (letters, not UTF-16 units). */
export const NICKNAME_MIN_LENGTH = 2;

/** Year of birth: four digits, from 1900 to the current year. */
export const YEAR_OF_BIRTH_MIN = 1900;
export const yearOfBirthMax = (now: Date = new Date()) => now.getFullYear();

/** Whether a year of birth is acceptable ('' means not given, which is fine). */
export function isYearOfBirthValid(value: string, now: Date = new Date()): boolean {
  const year = value.trim();
  if (year === '') return true;
  return (
    /^\d{4}$/.test(year) && Number(year) >= YEAR_OF_BIRTH_MIN && Number(year) <= yearOfBirthMax(now)
  );
}

/**
 * Static segments of the web app under `/{lang}/profile/`: the profile address of a member is
 * `/{lang}/profile/{nickname}`, so a display name equal to one of these would open that page
 * instead of the member's profile. A web test keeps this list in step with the route files.
 */
export const PROFILE_STATIC_SEGMENTS = ['settings', 'start'] as const;

/**
 * Display names nobody may choose (compared without case and surrounding spaces): the static
 * profile segments; segments later steps are likely to add under /profile; and names that would
 * let a member pass for the community's own staff. A web test checks the route files.
 */
export const RESERVED_NICKNAMES: readonly string[] = [
  ...PROFILE_STATIC_SEGMENTS,
  'me',
  'edit',
  'new',
  'admin',
  'administrator',
  'moderator',
  'staff',
  'support',
  'attune',
];

/**
 * Neutral usernames of new members (decision 0023) are their profile address until they choose a
 * display name; a display name of that form could take over such an address.
 */
const NEUTRAL_USERNAME = /^member-[a-z0-9]{8}$/;

/** Why a display name cannot be used as it is, or null when its form is fine. */
export type NicknameProblem = 'too_short' | 'too_long' | 'reserved';

/**
 * The one rule for the form of a display name (availability is the server's to say). Names made
 * only of dots are reserved too: `/profile/..` would leave the profile pages.
 */
export function nicknameProblem(nickname: string): NicknameProblem | null {
  const name = nickname.trim();
  const length = [...name].length;
  if (length < NICKNAME_MIN_LENGTH) return 'too_short';
  if (length > TEXT_LIMITS.nickname) return 'too_long';
  const lower = name.toLowerCase();
  if (RESERVED_NICKNAMES.includes(lower) || NEUTRAL_USERNAME.test(lower) || /^\.+$/.test(lower))
    return 'reserved';
  return null;
}
