import { and, desc, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  emailCodes,
  refreshTokens,
  sessions,
  users,
  type EmailCodeRow,
  type SessionRow,
} from '../../db/schema/index';

export type { EmailCodeRow, SessionRow };

export type CodePurpose = 'register' | 'reset' | 'email-change';

/** Ends every unconsumed code of this e-mail and purpose, so only the newest one works. */
export async function retireCodes(tx: Tx, email: string, purpose: CodePurpose) {
  await tx
    .update(emailCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(emailCodes.email, email),
        eq(emailCodes.purpose, purpose),
        isNull(emailCodes.consumedAt),
      ),
    );
}

/** Ends every unconsumed code a member asked for with this purpose (a new e-mail address). */
export async function retireMemberCodes(tx: Tx, userId: number, purpose: CodePurpose) {
  await tx
    .update(emailCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(emailCodes.userId, userId),
        eq(emailCodes.purpose, purpose),
        isNull(emailCodes.consumedAt),
      ),
    );
}

export async function insertCode(
  tx: Tx,
  values: {
    email: string;
    purpose: CodePurpose;
    codeHash: string;
    validMinutes: number;
    userId?: number;
  },
) {
  await tx.insert(emailCodes).values({
    email: values.email,
    purpose: values.purpose,
    userId: values.userId ?? null,
    codeHash: values.codeHash,
    expiresAt: sql`now() + make_interval(mins => ${values.validMinutes})`,
  });
}

/** The newest code of this purpose for `owner` that is neither consumed, validated nor expired. */
async function newestLiveCode(
  tx: Tx,
  owner: SQL,
  purpose: CodePurpose,
): Promise<EmailCodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(emailCodes)
    .where(
      and(
        owner,
        eq(emailCodes.purpose, purpose),
        isNull(emailCodes.consumedAt),
        isNull(emailCodes.validatedAt),
        gt(emailCodes.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
    .limit(1);
  return row;
}

/** The newest live code sent to this address. */
export const findLiveCode = (tx: Tx, email: string, purpose: CodePurpose) =>
  newestLiveCode(tx, eq(emailCodes.email, email), purpose);

/** The member's newest live code of this purpose (a new e-mail address waiting for its code). */
export const findLiveMemberCode = (tx: Tx, userId: number, purpose: CodePurpose) =>
  newestLiveCode(tx, eq(emailCodes.userId, userId), purpose);

/** Consumes one code by id; false when it was consumed already (a second, concurrent use). */
export async function consumeCode(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .update(emailCodes)
    .set({ consumedAt: sql`now()`, validatedAt: sql`now()` })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  return rows.length > 0;
}

/** Counts one try atomically; returns the new count, or null when the tries were already used up. */
export async function countAttempt(
  tx: Tx,
  id: number,
  maxAttempts: number,
): Promise<number | null> {
  const [row] = await tx
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(and(eq(emailCodes.id, id), sql`${emailCodes.attempts} < ${maxAttempts}`))
    .returning({ attempts: emailCodes.attempts });
  return row ? row.attempts : null;
}

export async function markValidated(tx: Tx, id: number, nonceHash: string) {
  await tx
    .update(emailCodes)
    .set({ validatedAt: sql`now()`, nonceHash })
    .where(eq(emailCodes.id, id));
}

/**
 * Whether a validated, unconsumed code of this e-mail (and nonce, for resets) awaits its next step
 * (read only): registration and reset check it before they hash a password, so a wrong one costs
 * no argon2.
 */
export async function hasValidatedCode(
  tx: Tx,
  filter: { email: string; purpose: CodePurpose; windowMinutes: number; nonceHash?: string },
): Promise<boolean> {
  const [row] = await tx
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.email, filter.email),
        eq(emailCodes.purpose, filter.purpose),
        isNull(emailCodes.consumedAt),
        gt(emailCodes.validatedAt, sql`now() - make_interval(mins => ${filter.windowMinutes})`),
        filter.nonceHash ? eq(emailCodes.nonceHash, filter.nonceHash) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Consumes the validated code of this e-mail (and nonce, for resets) if it was validated within the
 * window; returns false when there is none. Atomic, so a code is used once.
 */
export async function consumeValidatedCode(
  tx: Tx,
  filter: { email: string; purpose: CodePurpose; windowMinutes: number; nonceHash?: string },
): Promise<boolean> {
  const rows = await tx
    .update(emailCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(emailCodes.email, filter.email),
        eq(emailCodes.purpose, filter.purpose),
        isNull(emailCodes.consumedAt),
        gt(emailCodes.validatedAt, sql`now() - make_interval(mins => ${filter.windowMinutes})`),
        filter.nonceHash ? eq(emailCodes.nonceHash, filter.nonceHash) : undefined,
      ),
    )
    .returning({ id: emailCodes.id });
  return rows.length > 0;
}

export async function insertSession(
  tx: Tx,
  values: { id: string; userId: number; expiresAt: Date; userAgent: string | null },
) {
  await tx.insert(sessions).values(values);
}

export async function findSession(tx: Tx, id: string): Promise<SessionRow | undefined> {
  const [row] = await tx.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row;
}

/** A session with the roles of the member it belongs to (an inner join: no live member, no session). */
export type SessionWithRoles = SessionRow & { roles: string[] };

/**
 * The session and its member's roles in one round trip: every authenticated request runs this,
 * so authentication costs one query and a role change or revocation counts at the next request.
 * A suspended member has no session, whether or not their sessions were ended yet.
 */
export async function findSessionWithRoles(
  tx: Tx,
  id: string,
): Promise<SessionWithRoles | undefined> {
  const [row] = await prepared(tx, 'auth_session_with_roles', (db, name) =>
    db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        revokedReason: sessions.revokedReason,
        userAgent: sessions.userAgent,
        roles: users.roles,
      })
      .from(sessions)
      .innerJoin(users, and(eq(users.id, sessions.userId), isNull(users.suspendedAt)))
      .where(eq(sessions.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  ).execute({ id });
  return row;
}

export async function touchSession(tx: Tx, id: string) {
  await tx
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(sessions.id, id));
}

export async function revokeSession(tx: Tx, id: string, reason: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(tx: Tx, userId: number, reason: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Ends every session of a member but one (a password change keeps the device that made it). */
export async function revokeOtherSessions(
  tx: Tx,
  userId: number,
  keepSessionId: string,
  reason: string,
) {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)),
    );
}

export async function insertRefreshToken(tx: Tx, sessionId: string, tokenHash: string) {
  await tx.insert(refreshTokens).values({ sessionId, tokenHash });
}

export async function findRefreshToken(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks a refresh token used; false when it already was (a concurrent or replayed use). */
export async function useRefreshToken(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

/** Keeps, on a used refresh token, the successor it was exchanged for (sealed). */
export async function sealSuccessor(tx: Tx, id: number, sealed: string) {
  await tx.update(refreshTokens).set({ successorSealed: sealed }).where(eq(refreshTokens.id, id));
}

/** Whether the refresh token with this hash exists and was never used. */
export async function isUnusedRefreshToken(tx: Tx, tokenHash: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .limit(1);
  return Boolean(row);
}

export async function deleteCodes(tx: Tx, email: string) {
  await tx.delete(emailCodes).where(eq(emailCodes.email, email));
}

export async function listSessions(tx: Tx, userId: number) {
  return tx.select().from(sessions).where(eq(sessions.userId, userId));
}
