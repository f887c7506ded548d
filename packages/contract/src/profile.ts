import { z } from 'zod';
import { MAIL_NOTICES } from './auth';
import { AUTH_RULES } from './constants';
import { TEXT_LIMITS } from './profile-rules';
import { VISIBILITIES } from './reference';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Please use at most ${max} characters.` });
const yesNo = z.enum(['yes', 'no']);

/**
 * `PUT /api/update-profile`: the payload the profile form builds (spec §3). Every field is optional
 * so that each onboarding step can send just its part; the server checks each value it gets.
 */
export const ProfileUpdateInput = z.object({
  nickname: text(TEXT_LIMITS.nickname).optional(),
  email: z.string().trim().optional(),
  /** The new password, taken from the confirm-password field. */
  password: z.string().optional(),
  /** Needed to change e-mail or password. */
  currentPassword: z.string().optional(),
  firstName: text(TEXT_LIMITS.firstName).optional(),
  lastName: text(TEXT_LIMITS.lastName).optional(),
  welcomeMessage: text(TEXT_LIMITS.welcomeMessage).optional(),
  enableAutomaticResponse: yesNo.optional(),
  automaticResponse: text(TEXT_LIMITS.automaticResponse).optional(),
  /** Comma-joined option values. */
  interests: z.string().optional(),
  /** Comma-joined ISO 639-1 codes. */
  speakingLanguages: z.string().optional(),
  description: text(TEXT_LIMITS.description).optional(),
  yearOfBirth: z.union([z.string(), z.number()]).optional(),
  stage: z.string().optional(),
  journey: z.string().optional(),
  myJourneyDescription: text(TEXT_LIMITS.myJourneyDescription).optional(),
  leftEar: z.string().optional(),
  rightEar: z.string().optional(),
  deviceType: z.string().optional(),
  completedSetup: yesNo.optional(),
  country: z.string().optional(),
  region: z.string().optional(),
  useHearing: z.boolean().optional(),
  hearingAidType: z.string().optional(),
  seekSupportFor: z.string().optional(),
  headline: text(TEXT_LIMITS.headline).optional(),
  /** The time the form was sent (ISO); informational. */
  latestUpdate: z.string().optional(),
  /** Who may see each extended field, by field name (case-insensitive). */
  visibility: z.record(z.string(), z.enum(VISIBILITIES)).optional(),
  /** Explicit consent to storing health data, with the version of the text the member saw. */
  healthConsent: z
    .object({ accepted: z.literal(true), version: z.string().min(1).max(40) })
    .optional(),
});
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInput>;

/**
 * The answer of `PUT /api/update-profile`. A new e-mail address does not take effect at once: a
 * code goes to it, `pendingEmail` names it, and the address changes once `POST /api/confirm-email`
 * gets that code. `notice: 'mail_delayed'` when that mail could not be sent yet.
 */
export const ProfileUpdateOutput = z.object({
  message: z.string(),
  pendingEmail: z.string().optional(),
  notice: z.enum(MAIL_NOTICES).optional(),
});
export type ProfileUpdateOutput = z.infer<typeof ProfileUpdateOutput>;

/** `POST /api/confirm-email`: the code that was mailed to the new address. */
export const ConfirmEmailInput = z.object({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${AUTH_RULES.codeLength}}$`), {
      error: `Please enter the ${AUTH_RULES.codeLength}-digit code from the e-mail.`,
    }),
});
export type ConfirmEmailInput = z.infer<typeof ConfirmEmailInput>;
/** The member's address, now the new one. */
export const ConfirmEmailOutput = z.object({ message: z.string(), email: z.string() });
export type ConfirmEmailOutput = z.infer<typeof ConfirmEmailOutput>;

/** The version of the health-data consent text the web app shows. */
export const HEALTH_CONSENT_VERSION = '2026-11-v1';

export const NicknameCheckOutput = z.object({ exists: z.boolean() });
