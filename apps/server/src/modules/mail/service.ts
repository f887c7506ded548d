import type { DevMail, Language } from '@attune/contract';
import type { Db, Tx } from '../../db/client';
import { deleteMailsTo, insertMail, listRecentMails } from './repository';
import { renderMail, type MailTemplate } from './templates';

/**
 * Queues a mail in the caller's transaction (transactional outbox): it is sent only if the change
 * that causes it commits, and it survives a crash.
 */
export async function queueMail(
  tx: Tx,
  to: string,
  language: Language,
  template: MailTemplate,
): Promise<void> {
  await insertMail(tx, { to, ...renderMail(language, template) });
}

/** Removes every mail to an address (account deletion: the outbox holds personal data too). */
export const forgetMailsTo = (tx: Tx, address: string) => deleteMailsTo(tx, address);

/** The dev outbox listing, newest first. */
export async function listDevMails(db: Db, limit = 200): Promise<DevMail[]> {
  const rows = await listRecentMails(db, limit);
  return rows.map((row) => ({
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    createdAt: row.createdAt.toISOString(),
  }));
}

export type { MailTemplate } from './templates';
export { startMailWorker, type MailWorker } from './worker';
export { smtpTransport, devOutboxTransport } from './transport';
