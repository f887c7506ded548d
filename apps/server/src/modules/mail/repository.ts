import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** What stands in for a mail's code once the code is gone from the stored row. */
export const REDACTED = '******';

export async function insertMail(
  tx: Tx,
  mail: {
    to: string;
    subject: string;
    text: string;
    html: string;
    secret?: string | undefined;
    validMinutes?: number | undefined;
  },
): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      secret: mail.secret ?? null,
      expiresAt:
        mail.validMinutes === undefined
          ? null
          : sql`now() + make_interval(mins => ${mail.validMinutes})`,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * Many mails without codes in one statement (a notice to a whole group): one round trip, however
 * many members it goes to.
 */
export async function insertMails(
  tx: Tx,
  mails: readonly { to: string; subject: string; text: string; html: string }[],
): Promise<void> {
  if (mails.length === 0) return;
  await tx.insert(mailOutbox).values(
    mails.map((mail) => ({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    })),
  );
}

/** Column values that remove the mail's code from its subject and bodies, and the code itself. */
const redacted = () => {
  const scrub = (column: AnyPgColumn) =>
    sql`case when ${mailOutbox.secret} is null then ${column} else replace(${column}, ${mailOutbox.secret}, ${REDACTED}) end`;
  return {
    subject: scrub(mailOutbox.subject),
    textBody: scrub(mailOutbox.textBody),
    htmlBody: scrub(mailOutbox.htmlBody),
    secret: null,
  };
};

/** A mail that may still be sent: pending, and its code (if any) not yet expired. */
const deliverable = () =>
  and(
    eq(mailOutbox.status, 'pending'),
    or(isNull(mailOutbox.expiresAt), gt(mailOutbox.expiresAt, sql`now()`)),
  );

/**
 * Gives up on pending mails whose code has expired: sending them would only confuse (the code no
 * longer works), so they are marked `expired` and their code is removed.
 */
export async function expireMails(db: Db) {
  await db
    .update(mailOutbox)
    .set({ status: 'expired', ...redacted() })
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.expiresAt, sql`now()`)));
}

/** Leases one mail by id, if it is due and deliverable and no other sender holds it. */
export async function leaseMail(db: Db, id: number, leaseSeconds: number): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.id, id), deliverable(), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
      })
      .where(eq(mailOutbox.id, id))
      .returning();
  });
}

/** Where a mail stands: its status and whether a delivery attempt failed. */
export async function mailState(db: Db, id: number) {
  const [row] = await db
    .select({ status: mailOutbox.status, lastError: mailOutbox.lastError })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id))
    .limit(1);
  return row;
}

/**
 * Leases up to `limit` due mails: their next attempt moves `leaseSeconds` ahead, so a mail whose
 * sender crashed mid-delivery is simply tried again later. SKIP LOCKED lets several instances drain
 * one outbox without sending a mail twice at the same time.
 */
export async function leaseDueMails(
  db: Db,
  limit: number,
  leaseSeconds: number,
): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(deliverable(), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
      })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** Marks a mail sent; its code leaves the stored row now (decision 0024). */
export async function markSent(db: Db, id: number) {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null, ...redacted() })
    .where(eq(mailOutbox.id, id));
}

export async function markFailedAttempt(
  db: Db,
  id: number,
  error: string,
  retryInSeconds: number | null,
) {
  await db
    .update(mailOutbox)
    .set(
      retryInSeconds === null
        ? { status: 'failed', lastError: error, ...redacted() }
        : {
            lastError: error,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
          },
    )
    .where(eq(mailOutbox.id, id));
}

export async function listRecentMails(db: Db, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}

export async function deleteMailsTo(tx: Tx, address: string) {
  await tx.delete(mailOutbox).where(eq(mailOutbox.toAddress, address));
}

/**
 * Deletes the mails that name a member: their e-mail address anywhere, or their display name as a
 * whole word in the subject or text (mails to others about them: "… wrote to you", a support
 * request they sent). Account deletion; a scan of the outbox, which cleaning keeps to a month.
 */
export async function deleteMailsMentioning(tx: Tx, email: string, names: readonly string[]) {
  const words = names
    .filter((name) => name.trim().length > 0)
    .map((name) => `\\m${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\M`);
  await tx.execute(sql`delete from mail_outbox
    where strpos(lower(subject || ' ' || text_body), lower(${email})) > 0
      ${
        words.length > 0
          ? sql`or (subject || ' ' || text_body) ~* any(${sql.param(words)}::text[])`
          : sql``
      }`);
}
