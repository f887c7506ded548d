import {
  Email,
  type Language,
  type ProfileUpdateInput,
  type ProfileUpdateOutput,
} from '@attune/contract';
import type { RateLimits } from '../../plugins/app/rate-limits';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import * as auth from '../auth/service';
import type { AuthContext } from '../auth/service';
import * as reference from '../reference/service';
import * as users from '../users/service';
import {
  checkNickname,
  checkYearOfBirth,
  FIELD_KEYS,
  invalid,
  splitList,
  storedValue,
  type FieldKey,
} from './validate';

const MESSAGES = {
  saved: 'Your profile was saved.',
  confirmEmail:
    'Your profile was saved. We sent a code to your new e-mail address: your address changes once you enter it.',
  currentPasswordNeeded:
    'Please enter your current password to change your e-mail address or password.',
  currentPasswordWrong: 'Your current password is not correct.',
  emailTaken: 'This e-mail address cannot be used. Please choose another one.',
  consentNeeded: 'Please agree to the storing of your hearing details before you save them.',
} as const;

/**
 * Checks every value the payload carries against its field's rules and options, then saves all of
 * it in one transaction. Bad input changes nothing.
 */
export async function updateProfile(
  ctx: AuthContext,
  limits: RateLimits,
  actor: { userId: number; sessionId: string },
  input: ProfileUpdateInput,
  language: Language,
): Promise<ProfileUpdateOutput> {
  const db = ctx.database.db;
  const user = await users.findUserById(db, actor.userId);
  if (!user) throw new AppError('not_found', 404, 'User ID not found');
  const fields = await reference.listFieldsWithOptions(db, language);
  const byName = new Map(fields.map((field) => [field.name.toLowerCase(), field]));

  // Account columns.
  const columns: Parameters<typeof users.updateUser>[2] = {};
  if (input.nickname !== undefined) {
    // Names kept for the app itself are refused first (decision 0026), judged in the stored form
    // (full-width "ＡＤＭＩＮ" is "ADMIN"); one held from before may stay.
    checkNickname(users.nicknameForm(input.nickname), user.nickname);
    Object.assign(columns, await users.claimNickname(db, input.nickname, user.id));
  }
  if (input.firstName !== undefined) columns.firstName = input.firstName;
  if (input.lastName !== undefined) columns.lastName = input.lastName;
  if (input.description !== undefined) columns.description = input.description;

  const newEmail = input.email?.trim().toLowerCase();
  const changesEmail = newEmail !== undefined && newEmail !== user.email;
  const changesPassword = Boolean(input.password);
  let pendingEmail: string | undefined;
  if (changesEmail) {
    const parsed = Email.safeParse(newEmail);
    if (!parsed.success) throw invalid('email', 'Please enter a valid e-mail address.');
    pendingEmail = parsed.data;
  }
  if (changesPassword) {
    auth.assertPasswordAllowed(input.password!, { email: user.email, username: user.username });
    if (pendingEmail) auth.assertPasswordAllowed(input.password!, { email: pendingEmail });
  }
  if (changesEmail || changesPassword) {
    if (!input.currentPassword)
      throw new AppError('current_password_required', 400, MESSAGES.currentPasswordNeeded);
    // Wrong current passwords are limited per member, so a stolen session cannot guess it.
    const account = String(user.id);
    await limits.consume('current-password:account', account);
    if (!(await auth.verifyPassword(user.passwordHash, input.currentPassword))) {
      throw new AppError('current_password_wrong', 400, MESSAGES.currentPasswordWrong);
    }
    await limits.refund('current-password:account', account);
  }
  if (pendingEmail) {
    if (await users.findUserByEmail(db, pendingEmail))
      throw new AppError('email_taken', 409, MESSAGES.emailTaken);
    await limits.consume('email-change:account', String(user.id));
  }
  if (changesPassword) {
    columns.passwordHash = await auth.hashPassword(input.password!);
    columns.passwordVersion = user.passwordVersion + 1;
  }

  // Extended fields.
  const values = new Map<string, string>();
  for (const key of Object.keys(FIELD_KEYS) as FieldKey[]) {
    const raw = input[key];
    if (raw === undefined) continue;
    const name = FIELD_KEYS[key];
    const value = storedValue(raw);
    checkFieldValue(
      name,
      value,
      byName.get(name)?.options.map((option) => option.value) ?? [],
      input.country,
    );
    values.set(name, normalise(name, value, input.country));
  }
  if (values.has('country') && !values.has('region')) values.set('region', '');

  const visibility = new Map<string, (typeof input.visibility & object)[string]>();
  for (const [name, level] of Object.entries(input.visibility ?? {})) {
    if (!byName.has(name.toLowerCase()))
      throw invalid(`visibility.${name}`, `There is no profile field called "${name}".`);
    visibility.set(name.toLowerCase(), level);
  }

  // Health data needs explicit consent first (GDPR art. 9).
  const addsHealthData = [...values].some(
    ([name, value]) => value !== '' && byName.get(name)?.isHealth,
  );
  const consents = Boolean(input.healthConsent);
  if (addsHealthData && !user.healthConsentAt && !consents)
    throw new AppError('health_consent_required', 400, MESSAGES.consentNeeded);

  const mailId = await db.transaction(async (tx) => {
    if (consents) {
      columns.healthConsentAt = new Date();
      columns.healthConsentVersion = input.healthConsent!.version;
    }
    if (Object.keys(columns).length > 0) await users.updateUser(tx, user.id, columns);
    for (const [name, value] of values) await users.setProfileValue(tx, user.id, name, value);
    for (const [name, level] of visibility)
      await users.setProfileVisibility(tx, user.id, name, level);
    if (changesPassword)
      await auth.revokeOtherSessions(tx, user.id, actor.sessionId, 'password_changed');
    // A new address takes effect only once the code sent to it comes back (confirm-email).
    return pendingEmail ? auth.startEmailChange(ctx, tx, user, pendingEmail, language) : null;
  });
  if (mailId === null) return { message: MESSAGES.saved };
  return {
    message: MESSAGES.confirmEmail,
    pendingEmail,
    ...(await auth.deliveryNotice(ctx, mailId)),
  };
}

const SINGLE_CHOICE = new Set([
  'stage',
  'journey',
  'left ear',
  'right ear',
  'device type',
  'hearing aid type',
]);
const MULTI_CHOICE = new Set(['interests', 'seek support for']);
const YES_NO = new Set(['completed setup', 'enable automatic response', 'use hearing']);

function checkFieldValue(
  name: string,
  value: string,
  options: string[],
  country: string | undefined,
) {
  const label = name.charAt(0).toUpperCase() + name.slice(1);
  if (SINGLE_CHOICE.has(name) && value !== '' && !options.includes(value))
    throw invalid(name, `"${value}" is not a choice for ${label}.`);
  if (MULTI_CHOICE.has(name)) {
    const unknown = splitList(value).filter((item) => !options.includes(item));
    if (unknown.length > 0) throw invalid(name, `"${unknown[0]}" is not a choice for ${label}.`);
  }
  if (YES_NO.has(name) && !['yes', 'no'].includes(value))
    throw invalid(name, `${label} must be yes or no.`);
  if (name === 'speaking languages') {
    const unknown = splitList(value).filter((code) => !reference.isSpeakingLanguage(code));
    if (unknown.length > 0) throw invalid(name, `"${unknown[0]}" is not a language code we know.`);
  }
  if (name === 'year of birth') checkYearOfBirth(value);
  if (name === 'country' && value !== '' && !reference.isCountryCode(value.toUpperCase()))
    throw invalid(name, `"${value}" is not a country code we know.`);
  if (name === 'region' && value !== '') {
    if (!country) throw invalid(name, 'Please send the country together with the region.');
    if (!regionNamed(country, value))
      throw invalid(name, `"${value}" is not a region of ${country.toUpperCase()}.`);
  }
}

/** The region of the country that a code or a name sends (a name first: codes are short). */
const regionNamed = (country: string, value: string) => {
  const regions = reference.listRegions(country) ?? [];
  return (
    regions.find((region) => region.name === value) ??
    regions.find((region) => region.code === value)
  );
};

/**
 * The stored form of a value. A region is stored by its name whether the form sent the name or the
 * code, so the directory's region filter (an exact match) finds every member of that region.
 */
function normalise(name: string, value: string, country: string | undefined): string {
  if (name === 'country') return value.toUpperCase();
  if (name === 'region' && value !== '' && country) return regionNamed(country, value)!.name;
  if (MULTI_CHOICE.has(name) || name === 'speaking languages') return splitList(value).join(',');
  return value;
}

/** Whether a display name is taken by someone else; the member's own name always counts as free. */
export async function nicknameExists(
  db: Db,
  nickname: string,
  viewerId: number | null,
): Promise<boolean> {
  return users.isNicknameTaken(db, nickname, viewerId);
}
