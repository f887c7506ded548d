import { z } from 'zod';
import { AUTH_RULES, LANGUAGES, REGISTRATION_TYPES } from './constants';

/** E-mail addresses are compared case-insensitively and stored trimmed and lower-cased. */
export const Email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ error: 'Please enter a valid e-mail address.' }))
  .transform((value) => value.toLowerCase());

export const Password = z.string().max(AUTH_RULES.passwordMaxLength);

export const SixDigitCode = z.string().regex(/^\d{6}$/);

export const MessageOutput = z.object({ message: z.string() });
export type MessageOutput = z.infer<typeof MessageOutput>;

/**
 * The notices a 200 answer may carry, with texts `errors.<code>` like the error codes:
 * `mail_delayed` when the mail the call queued could not be delivered yet (it stays queued and is
 * retried while its code is valid).
 */
export const MAIL_NOTICES = ['mail_delayed'] as const;
export type MailNotice = (typeof MAIL_NOTICES)[number];

/** The answer of a call that mails something (send2facode, recoverpassword). */
export const MailSentOutput = z.object({
  message: z.string(),
  notice: z.enum(MAIL_NOTICES).optional(),
});
export type MailSentOutput = z.infer<typeof MailSentOutput>;

/**
 * `type` says which sign-up asks for the code (default `regular`): a staff (`medel`) sign-up with an
 * e-mail outside the staff domains is refused here already, not only at `registeruser`.
 */
export const SendCodeInput = z.object({
  email: Email,
  type: z.enum(REGISTRATION_TYPES).optional().default('regular'),
});
export type SendCodeInput = z.infer<typeof SendCodeInput>;

export const ValidateCodeInput = z.object({
  email: Email,
  code: z.string().trim(),
  is_reset_password: z.boolean().optional().default(false),
});
export type ValidateCodeInput = z.infer<typeof ValidateCodeInput>;
export const ValidateCodeOutput = z.object({ message: z.string(), nonce: z.string() });
export type ValidateCodeOutput = z.infer<typeof ValidateCodeOutput>;

/** Empty fields are checked by the service so that they get the spec's own message. */
export const RegisterUserInput = z.object({
  email: z.string().optional().default(''),
  password: z.string().optional().default(''),
  type: z.enum(REGISTRATION_TYPES).optional().default('regular'),
  /** The token of a staff invitation link (step 9): the new member gets its role and area. */
  invite: z.string().max(200).optional(),
});
export type RegisterUserInput = z.infer<typeof RegisterUserInput>;
export const RegisterUserOutput = z.object({ message: z.string(), id: z.number().int() });
export type RegisterUserOutput = z.infer<typeof RegisterUserOutput>;

export const RecoverPasswordInput = z.object({ email: Email });
export type RecoverPasswordInput = z.infer<typeof RecoverPasswordInput>;

export const ResetPasswordInput = z.object({
  email: z.string().optional().default(''),
  password: z.string().optional().default(''),
  nonce: z.string().optional().default(''),
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

export const AuthWpInput = z.object({ email: Email });
export type AuthWpInput = z.infer<typeof AuthWpInput>;

/** One mail of the dev outbox (`GET /dev/mail.json`), newest first. */
export const DevMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type DevMail = z.infer<typeof DevMail>;

/** Public settings the browser reads from `GET /config.json` at start. */
export const PublicConfig = z.object({
  graphqlUrl: z.string(),
  restUrl: z.string(),
  socialUrl: z.string(),
  backendUrl: z.string(),
  appUrl: z.string(),
  registerToken: z.string(),
  recoverToken: z.string(),
  authCookieName: z.string(),
  supportEmail: z.string(),
  productionHost: z.string(),
  localMode: z.boolean(),
  /** Brand name for texts and role labels (spec §6 "the manufacturer"), in English. */
  manufacturerName: z.string(),
  /** The same name per interface language, as it stands alone ("der Hersteller", "MED-EL"). */
  manufacturerNames: z.object({ en: z.string(), de: z.string(), es: z.string() }),
  consent: z
    .object({
      scriptUrl: z.string(),
      id: z.string(),
      languageAttribute: z.string(),
    })
    .nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const PreferredLanguageInput = z.object({ language: z.enum(LANGUAGES) });
export type PreferredLanguageInput = z.infer<typeof PreferredLanguageInput>;
