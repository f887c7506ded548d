import { randomUUID } from 'node:crypto';
import {
  AUTH_RULES,
  capabilitiesFor,
  SPEC_MESSAGES,
  type AuthUser,
  type Language,
  type RegistrationType,
  type Role,
} from '@attune/contract';
import { AppError, unauthorized } from '../../errors';
import { hmac, randomToken, sealText, sha256, unsealText } from '../../lib/crypto';
import * as users from '../users/service';
import * as events from '../events/service';
import type { RateLimits } from '../../plugins/app/rate-limits';
import { beginLoginAttempt } from './login-throttle';

/** The login delays (decision 0021), for tests of the rate limits that carry them out. */
export { failureDelayMs, KNOWN_ADDRESS_DELAY_MS } from './login-throttle';
import {
  assertPasswordAllowed,
  checkPassword,
  DEMO_PASSWORD,
  hashPassword,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords';

export { assertPasswordAllowed, DEMO_PASSWORD, hashPassword, verifyPassword };
export { clearAuthCookies } from './cookies';
export type { TokenKind } from './tokens';

/** Ends the member's other sessions, keeping the one that made the change. */
export const revokeOtherSessions = (
  tx: Parameters<typeof repository.revokeOtherSessions>[0],
  userId: number,
  keepSessionId: string,
  reason: string,
) => repository.revokeOtherSessions(tx, userId, keepSessionId, reason);
import * as repository from './repository';
import type { AuthContext, IssuedTokens, Principal } from './context';
import { MESSAGES } from './messages';

export type { AuthContext, IssuedTokens, Principal } from './context';
export {
  confirmEmailChange,
  deliveryNotice,
  maskEmail,
  requestPasswordReset,
  sendSignUpCode,
  startEmailChange,
  validateCode,
} from './codes';
import { isSessionActive, needsTouch, sessionExpiry } from './sessions';
import type { TokenKind } from './tokens';

/** Gives a member these roles; their next request, on any instance, carries them. */
export async function setMemberRoles(ctx: AuthContext, userId: number, roles: readonly Role[]) {
  await users.setRoles(ctx.database.db, userId, roles);
}

/**
 * Staff (medel) sign-up is only for e-mails on the staff domains (decision 0003). Checked when the
 * code is asked for, so the person learns it at the first step, and again at registration.
 */
export function assertRegistrationAllowed(
  ctx: Pick<AuthContext, 'config'>,
  email: string,
  type: RegistrationType,
): void {
  if (type === 'medel' && !isStaffEmail(email, ctx.config.staffEmailDomains)) {
    throw new AppError('staff_domain_required', 403, MESSAGES.staffOnly);
  }
}

/** Whether the e-mail's domain (or a parent domain) is one of the staff domains. */
export function isStaffEmail(email: string, staffDomains: readonly string[]): boolean {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  return staffDomains.some((staff) => domain === staff || domain.endsWith(`.${staff}`));
}

/**
 * Creates the member, once, for an e-mail whose sign-up code was validated in the last 15 minutes.
 * Cheap checks come first and the validated code is looked up before the password is hashed, so
 * requests without one never reach argon2 (decision 0003).
 */
export async function registerMember(
  ctx: AuthContext,
  input: { email: string; password: string; type: RegistrationType; invite?: string },
  language: Language,
): Promise<{ id: number; message: string }> {
  const email = input.email.trim().toLowerCase();
  const refused = () =>
    new AppError('register_data_invalid', 400, SPEC_MESSAGES.registerDataInvalid);
  if (!email || !input.password) throw refused();
  assertPasswordAllowed(input.password, { email });
  assertRegistrationAllowed(ctx, email, input.type);
  const window = {
    email,
    purpose: 'register' as const,
    windowMinutes: AUTH_RULES.validatedCodeWindowMinutes,
  };
  if (!(await repository.hasValidatedCode(ctx.database.db, window))) throw refused();
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.database.db.transaction(async (tx) => {
    const consumed = await repository.consumeValidatedCode(tx, window);
    if (!consumed || (await users.findUserByEmail(tx, email))) throw refused();
    const created = await users.createMember(tx, {
      email,
      passwordHash,
      registrationType: input.type,
      locale: language,
    });
    // A staff invitation is taken up by the staff area (staff/listener.ts); one that no longer
    // works undoes the sign-up.
    await events.record(tx, {
      type: 'member_registered',
      member: { id: created.id, email },
      invite: input.invite,
    });
    return created;
  });
  return { id: user.id, message: MESSAGES.registered };
}

/** Sets a new password with the nonce of a validated reset code, and ends every session of the member. */
export async function resetPassword(
  ctx: AuthContext,
  input: { email: string; password: string; nonce: string },
): Promise<string> {
  const email = input.email.trim().toLowerCase();
  if (!email || !input.password || !input.nonce) {
    throw new AppError('reset_data_invalid', 400, SPEC_MESSAGES.resetDataInvalid);
  }
  const code = {
    email,
    purpose: 'reset' as const,
    windowMinutes: AUTH_RULES.validatedCodeWindowMinutes,
    nonceHash: hmac(ctx.config.authSecret, `nonce:${input.nonce}`),
  };
  // The nonce first: a wrong one is refused before the password costs an argon2 hash (issue 41).
  if (!(await repository.hasValidatedCode(ctx.database.db, code)))
    throw new AppError('reset_data_invalid', 400, SPEC_MESSAGES.resetDataInvalid);
  const account = await users.findUserByEmail(ctx.database.db, email);
  assertPasswordAllowed(input.password, { email, username: account?.username });
  const passwordHash = await hashPassword(input.password);
  await ctx.database.db.transaction(async (tx) => {
    // Consumed in the transaction: of two resets with the same nonce, one wins.
    const consumed = await repository.consumeValidatedCode(tx, code);
    const user = consumed ? await users.findUserByEmail(tx, email) : undefined;
    if (!user) throw new AppError('reset_data_invalid', 400, SPEC_MESSAGES.resetDataInvalid);
    await users.setPasswordHash(tx, user, passwordHash);
    await repository.revokeUserSessions(tx, user.id, 'password_reset');
    await events.record(tx, {
      type: 'password_changed',
      email,
      language: (user.locale as Language) || 'en',
      supportEmail: ctx.config.supportEmail,
    });
    return user.id;
  });
  ctx.mail.kick();
  return MESSAGES.passwordReset;
}

/**
 * Checks username-or-e-mail and password; starts a session. Same error whether the user exists or
 * not. Throttled per account and address (login-throttle.ts) before any password is checked.
 */
export async function login(
  ctx: AuthContext,
  limits: RateLimits,
  input: { username: string; password: string; userAgent: string | null; address: string },
): Promise<{ tokens: IssuedTokens; user: AuthUser }> {
  const { db } = ctx.database;
  const typed = input.username.trim();
  const row = typed ? await users.findUserByLogin(db, typed) : undefined;
  const attempt = await beginLoginAttempt(
    limits,
    row ? `user:${row.id}` : `name:${typed.toLowerCase()}`,
    input.address,
  );
  if (!row) {
    await verifyAgainstDummy(input.password);
    await attempt.failed();
    throw new AppError('login_failed', 401, MESSAGES.loginFailed);
  }
  const check = await checkPassword(row.passwordHash, input.password);
  if (!check.ok) {
    await attempt.failed();
    throw new AppError('login_failed', 401, MESSAGES.loginFailed);
  }
  await attempt.succeeded();
  // Told only to whom knows the password: to anyone else a suspended account looks like any other.
  if (row.suspendedAt) throw new AppError('account_suspended', 403, 'This account is suspended.');
  // An account from before passwords were normalised moves to the normalised hash now.
  if (check.needsRehash)
    await users.updateUser(db, row.id, { passwordHash: await hashPassword(input.password) });

  const sessionId = randomUUID();
  const expiresAt = sessionExpiry();
  const refreshToken = randomToken(32);
  await db.transaction(async (tx) => {
    await repository.insertSession(tx, {
      id: sessionId,
      userId: row.id,
      expiresAt,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
    });
    await repository.insertRefreshToken(tx, sessionId, sha256(refreshToken));
  });
  await users.touchLastActivity(db, row.id);
  const access = await ctx.tokens.signAccess(row.id, sessionId);
  const user = await users.getAuthUser(db, row, access.expiresAt);
  return {
    tokens: {
      authToken: access.token,
      refreshToken,
      jwtAuthExpiration: access.expiresAt,
      sessionExpiresAt: expiresAt,
    },
    user,
  };
}

/**
 * How long a used refresh token may be presented again. A browser that leaves the page while its
 * refresh is in flight never receives the rotated token: the next page presents the old one.
 */
export const REFRESH_RETRY_SECONDS = 60;

/** What sealing a refresh token's successor is for (its key is derived from the secret and this). */
const SUCCESSOR_PURPOSE = 'refresh-successor';

/**
 * Rotates the refresh token. A token presented again within REFRESH_RETRY_SECONDS (its answer was
 * lost) answers the same successor it was exchanged for, as long as that one was never used: the
 * same answer, never a third token, so whoever else holds the old token cannot take the session
 * over or log the member out (issue 41). Within the minute but after the successor was used, it
 * is refused and the session lives on. Later, a used token is a replay: the session ends.
 */
export async function refresh(ctx: AuthContext, refreshToken: string): Promise<IssuedTokens> {
  const { db } = ctx.database;
  const { authSecret } = ctx.config;
  const stored = refreshToken
    ? await repository.findRefreshToken(db, sha256(refreshToken))
    : undefined;
  if (!stored) throw unauthorized(MESSAGES.sessionEnded, 'token_invalid');
  const session = await repository.findSession(db, stored.sessionId);
  if (!session || !isSessionActive(session))
    throw unauthorized(MESSAGES.sessionEnded, 'session_revoked');

  const outcome = await db.transaction(async (tx) => {
    if (await repository.useRefreshToken(tx, stored.id)) {
      const next = randomToken(32);
      await repository.insertRefreshToken(tx, session.id, sha256(next));
      await repository.sealSuccessor(tx, stored.id, sealText(authSecret, SUCCESSOR_PURPOSE, next));
      await repository.touchSession(tx, session.id);
      return { next };
    }
    // Used before (a lost answer, another tab refreshing at the same moment, or someone else):
    // read again, as committed now, so a concurrent refresh's successor is seen.
    const used = await repository.findRefreshToken(tx, stored.tokenHash);
    const usedAt = used?.usedAt?.getTime() ?? 0;
    if (Date.now() - usedAt > REFRESH_RETRY_SECONDS * 1000) return 'replay' as const;
    const successor =
      used?.successorSealed && unsealText(authSecret, SUCCESSOR_PURPOSE, used.successorSealed);
    if (successor && (await repository.isUnusedRefreshToken(tx, sha256(successor))))
      return { next: successor };
    return 'refused' as const;
  });
  if (outcome === 'replay') {
    await repository.revokeSession(db, session.id, 'refresh_token_reused');
    ctx.log.warn({ sessionId: session.id }, 'refresh token reused: session revoked');
    throw unauthorized(MESSAGES.sessionEnded, 'refresh_token_reused');
  }
  if (outcome === 'refused') {
    ctx.log.warn({ sessionId: session.id }, 'refresh token presented again after its successor');
    throw unauthorized(MESSAGES.sessionEnded, 'refresh_token_reused');
  }
  const access = await ctx.tokens.signAccess(session.userId, session.id);
  return {
    authToken: access.token,
    refreshToken: outcome.next,
    jwtAuthExpiration: access.expiresAt,
    sessionExpiresAt: session.expiresAt,
  };
}

/**
 * Verifies a token and its session; every authenticated request goes through here. The session
 * and its member's roles are read on every request (one prepared SELECT, which finds no session
 * of a suspended member): whether a session still counts, and with which roles, is decided by
 * the database, never by memory, so a logout, a suspension or a role change made on any
 * instance counts at the member's very next request (decision 0068). The session is touched
 * (an UPDATE) at most once a minute.
 */
export async function authenticate(
  ctx: AuthContext,
  token: string,
  kind: TokenKind,
): Promise<Principal> {
  const claims = await ctx.tokens.verify(token, kind);
  const session = await repository.findSessionWithRoles(ctx.database.db, claims.sessionId);
  if (!session || session.userId !== claims.userId || !isSessionActive(session)) {
    throw unauthorized(MESSAGES.sessionEnded, 'session_revoked');
  }
  if (needsTouch(session)) {
    await repository.touchSession(ctx.database.db, session.id);
    session.lastUsedAt = new Date();
  }
  return {
    userId: claims.userId,
    sessionId: session.id,
    tokenExpiresAt: claims.expiresAt,
    roles: session.roles,
    capabilities: capabilitiesFor(session.roles),
  };
}

/** The value of the httpOnly session cookie that authwp sets, for the caller's session. */
export async function sessionCookieFor(ctx: AuthContext, principal: Principal, email: string) {
  const user = await users.findUserById(ctx.database.db, principal.userId);
  if (!user) throw unauthorized(MESSAGES.sessionEnded, 'session_revoked');
  if (user.email !== email.trim().toLowerCase()) {
    throw new AppError(
      'email_mismatch',
      403,
      'This e-mail address does not belong to the signed-in member.',
    );
  }
  const session = await repository.findSession(ctx.database.db, principal.sessionId);
  const expiresAt = session?.expiresAt ?? sessionExpiry();
  return {
    value: await ctx.tokens.signSession(principal.userId, principal.sessionId, expiresAt),
    expiresAt,
  };
}

export async function logout(ctx: AuthContext, principal: Principal) {
  await repository.revokeSession(ctx.database.db, principal.sessionId, 'logout');
}

/** Ends every session of a member on every instance (for staff actions such as a suspension, step 9). */
export async function revokeAllSessions(ctx: AuthContext, userId: number, reason: string) {
  await repository.revokeUserSessions(ctx.database.db, userId, reason);
}

/** Removes the e-mail codes of an address (account deletion). */
export const forgetCodes = (tx: Parameters<typeof repository.deleteCodes>[0], email: string) =>
  repository.deleteCodes(tx, email);

/** The member's sessions without any token material, for the data export. */
export async function sessionsForExport(ctx: AuthContext, userId: number) {
  const rows = await repository.listSessions(ctx.database.db, userId);
  return rows.map((row) => ({
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedReason: row.revokedReason,
    device: row.userAgent,
  }));
}
