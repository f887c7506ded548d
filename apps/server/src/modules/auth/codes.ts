import { AUTH_RULES, type Language, type MailNotice, type MailSentOutput } from '@attune/contract';
import { AppError, unauthorized } from '../../errors';
import { hmac, randomDigits, randomToken, safeEqual } from '../../lib/crypto';
import * as events from '../events/service';
import * as users from '../users/service';
import type { AuthContext } from './context';
import { MESSAGES } from './messages';
import * as repository from './repository';

/**
 * E-mail codes: the sign-up code, the code that confirms a new e-mail address and the password
 * reset code (decisions 0003, 0024). Each is stored hashed, mailed through an event, and checked
 * with a limit on wrong tries.
 */

const purposeOf = (isReset: boolean): repository.CodePurpose => (isReset ? 'reset' : 'register');

/** `mail_delayed` when the mail just queued could not be delivered yet (it stays queued). */
export async function deliveryNotice(
  ctx: AuthContext,
  mailId: number,
): Promise<{ notice?: MailNotice }> {
  return (await ctx.mail.deliverNow(mailId)) === 'sent' ? {} : { notice: 'mail_delayed' };
}

/**
 * Mails a sign-up code. An e-mail that already has an account gets a notice instead; the answer is
 * the same, and so is what a wrong code answers next: that address gets a live code too, one that
 * is never mailed (decision 0024).
 */
export async function sendSignUpCode(
  ctx: AuthContext,
  email: string,
  language: Language,
): Promise<MailSentOutput> {
  const mailId = await ctx.database.db.transaction(async (tx) => {
    const code = await storeCode(ctx, tx, email, 'register');
    return events.record<'sign_up_code_requested'>(tx, {
      type: 'sign_up_code_requested',
      email,
      language,
      code,
      minutes: AUTH_RULES.codeValidMinutes,
      registered: Boolean(await users.findUserByEmail(tx, email)),
      publicUrl: ctx.config.publicUrl,
    });
  });
  return { message: MESSAGES.codeSent, ...(await deliveryNotice(ctx, mailId)) };
}

/** Stores a new code for the address (retiring older ones) and returns it, for a mail or not at all. */
async function storeCode(
  ctx: AuthContext,
  tx: Parameters<typeof repository.retireCodes>[0],
  email: string,
  purpose: repository.CodePurpose,
): Promise<string> {
  const code = randomDigits(AUTH_RULES.codeLength);
  await repository.retireCodes(tx, email, purpose);
  await repository.insertCode(tx, {
    email,
    purpose,
    codeHash: hmac(ctx.config.authSecret, `${purpose}:${email}:${code}`),
    validMinutes: AUTH_RULES.codeValidMinutes,
  });
  return code;
}

/**
 * Checks a code: at most 5 tries per code (after that even the right code is refused), and the
 * code must be live. Returns a nonce that the reset step must present.
 */
export async function validateCode(
  ctx: AuthContext,
  email: string,
  code: string,
  isReset: boolean,
): Promise<{ message: string; nonce: string }> {
  const purpose = purposeOf(isReset);
  const { db } = ctx.database;
  const live = await repository.findLiveCode(db, email, purpose);
  await checkCode(ctx, live, `${purpose}:${email}:${code.trim()}`);
  const nonce = randomToken(24);
  await repository.markValidated(db, live!.id, hmac(ctx.config.authSecret, `nonce:${nonce}`));
  return { message: MESSAGES.codeValidated, nonce };
}

/**
 * The one check of a typed code against a live code row: `code_expired` without one; one try
 * counted atomically; at most 5 tries per code (after that even the right code is refused);
 * `code_invalid` with the tries left. Returns when the code is right.
 */
async function checkCode(
  ctx: AuthContext,
  live: repository.EmailCodeRow | undefined,
  /** What the code's HMAC was made of, with the typed code in place of the real one. */
  typed: string,
): Promise<void> {
  if (!live) throw new AppError('code_expired', 400, MESSAGES.codeExpired);
  const attempts = await repository.countAttempt(
    ctx.database.db,
    live.id,
    AUTH_RULES.codeMaxAttempts,
  );
  if (attempts === null)
    throw new AppError('code_attempts_exceeded', 400, MESSAGES.codeAttemptsExceeded);
  if (!safeEqual(hmac(ctx.config.authSecret, typed), live.codeHash)) {
    const left = AUTH_RULES.codeMaxAttempts - attempts;
    if (left <= 0) throw new AppError('code_attempts_exceeded', 400, MESSAGES.codeAttemptsExceeded);
    throw new AppError('code_invalid', 400, MESSAGES.codeWrong(left), { attemptsLeft: left });
  }
}

/** The text of the code hash of an e-mail change: the member and the new address are part of it. */
const emailChangeInput = (userId: number, email: string, code: string) =>
  `email-change:${userId}:${email}:${code}`;

/**
 * Starts moving a member to a new e-mail address, in the caller's transaction: a code goes to the
 * new address, in the member's language; nothing changes until `confirmEmailChange` gets it. Asking
 * again retires the older code. Returns the mail's id (for `deliveryNotice` after the commit).
 */
export async function startEmailChange(
  ctx: AuthContext,
  tx: Parameters<typeof repository.retireCodes>[0],
  member: { id: number },
  newEmail: string,
  language: Language,
): Promise<number> {
  const code = randomDigits(AUTH_RULES.codeLength);
  await repository.retireMemberCodes(tx, member.id, 'email-change');
  await repository.insertCode(tx, {
    email: newEmail,
    purpose: 'email-change',
    userId: member.id,
    codeHash: hmac(ctx.config.authSecret, emailChangeInput(member.id, newEmail, code)),
    validMinutes: AUTH_RULES.codeValidMinutes,
  });
  return events.record<'email_change_code_requested'>(tx, {
    type: 'email_change_code_requested',
    newEmail,
    language,
    code,
    minutes: AUTH_RULES.codeValidMinutes,
  });
}

/** "a***@example.com": enough for the owner to recognise, little for someone else. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${[...local][0] ?? ''}***@${domain}`;
};

/**
 * Moves the member to the address their live e-mail-change code was sent to, when `code` is that
 * code (same tries and answers as any code). The old address is told, through the outbox, in the
 * member's language.
 */
export async function confirmEmailChange(
  ctx: AuthContext,
  userId: number,
  code: string,
): Promise<{ message: string; email: string }> {
  const { db } = ctx.database;
  const live = await repository.findLiveMemberCode(db, userId, 'email-change');
  await checkCode(ctx, live, emailChangeInput(userId, live?.email ?? '', code.trim()));
  const newEmail = live!.email;
  await db.transaction(async (tx) => {
    if (!(await repository.consumeCode(tx, live!.id)))
      throw new AppError('code_expired', 400, MESSAGES.codeExpired);
    const user = await users.findUserById(tx, userId);
    if (!user) throw unauthorized(MESSAGES.sessionEnded, 'session_revoked');
    if (await users.findUserByEmail(tx, newEmail))
      throw new AppError('email_taken', 409, MESSAGES.emailTaken);
    await users.updateUser(tx, userId, { email: newEmail });
    await events.record(tx, {
      type: 'email_changed',
      oldEmail: user.email,
      maskedNewEmail: maskEmail(newEmail),
      language: (user.locale as Language) || 'en',
      supportEmail: ctx.config.supportEmail,
    });
  });
  ctx.mail.kick();
  return { message: MESSAGES.emailChanged, email: newEmail };
}

/**
 * Mails a reset code when the account exists, and otherwise a mail saying there is no account with
 * this address. The answer, its timing (one mail either way) and what a wrong code answers next
 * (a live code either way, never mailed to an address without an account) tell nothing about
 * whether the account exists (decision 0024).
 */
export async function requestPasswordReset(
  ctx: AuthContext,
  email: string,
  language: Language,
): Promise<MailSentOutput> {
  const mailId = await ctx.database.db.transaction(async (tx) => {
    const code = await storeCode(ctx, tx, email, 'reset');
    const user = await users.findUserByEmail(tx, email);
    return events.record<'password_reset_requested'>(tx, {
      type: 'password_reset_requested',
      email,
      language: user ? (user.locale as Language) || language : language,
      code,
      minutes: AUTH_RULES.codeValidMinutes,
      unknown: !user,
      publicUrl: ctx.config.publicUrl,
    });
  });
  return { message: MESSAGES.recoverSent, ...(await deliveryNotice(ctx, mailId)) };
}
