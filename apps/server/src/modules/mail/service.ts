import type { DevMail, Language } from '@attune/contract';
import type { Db, Tx } from '../../db/client';
import {
  deleteMailsMentioning,
  deleteMailsTo,
  insertMail,
  insertMails,
  listRecentMails,
} from './repository';
import { codeOf, renderMail, type MailTemplate } from './templates';
import type { MailWorker } from './worker';

/**
 * Queues a mail in the caller's transaction (transactional outbox): it is sent only if the change
 * that causes it commits, and it survives a crash. A mail with a code keeps the code only until it
 * is sent, and is not sent any more once the code has expired (decision 0024). Returns its id.
 */
export async function queueMail(
  tx: Tx,
  to: string,
  language: Language,
  template: MailTemplate,
): Promise<number> {
  const code = codeOf(template);
  return insertMail(tx, {
    to,
    ...renderMail(language, template),
    secret: code?.code,
    validMinutes: code?.minutes,
  });
}

/**
 * Queues the same mail, without a code, to many addresses in the caller's transaction, each in its
 * language: rendered once per language and written in one statement (queueMail's outbox rules).
 * Returns how many were queued.
 */
export async function queueMailToMany(
  tx: Tx,
  recipients: readonly { to: string; language: Language }[],
  template: (language: Language) => MailTemplate,
): Promise<number> {
  const rendered = new Map<Language, ReturnType<typeof renderMail>>();
  const mails = recipients.map(({ to, language }) => {
    let mail = rendered.get(language);
    if (!mail) {
      const own = template(language);
      if (codeOf(own)) throw new Error('A mail with a code goes to one address (queueMail).');
      mail = renderMail(language, own);
      rendered.set(language, mail);
    }
    return { to, ...mail };
  });
  await insertMails(tx, mails);
  return mails.length;
}

/** Removes every mail to an address (account deletion: the outbox holds personal data too). */
export const forgetMailsTo = (tx: Tx, address: string) => deleteMailsTo(tx, address);
/** Forgets the mails that name a member (to others about them), by address or display name. */
export const forgetMailsMentioning = (tx: Tx, email: string, names: readonly string[]) =>
  deleteMailsMentioning(tx, email, names);

/**
 * The dev outbox listing, newest first. Sent mails no longer hold their codes in the database; the
 * dev transport's memory-only copy shows them as they were sent (decision 0024).
 */
export async function listDevMails(db: Db, worker: MailWorker, limit = 200): Promise<DevMail[]> {
  const rows = await listRecentMails(db, limit);
  return rows.map((row) => {
    const copy = worker.deliveredCopy(row.id);
    return {
      to: row.toAddress,
      subject: copy?.subject ?? row.subject,
      text: copy?.text ?? row.textBody,
      html: copy?.html ?? row.htmlBody,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export type { MailTemplate } from './templates';
export { startMailWorker, type MailWorker } from './worker';
export { smtpTransport, devOutboxTransport } from './transport';
