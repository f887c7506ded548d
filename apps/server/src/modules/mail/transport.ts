import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRow } from './repository';

export interface MailTransport {
  send(mail: OutboxRow): Promise<void>;
  /** A delivered mail as it was sent (dev outbox only, memory only). */
  copyOf?(id: number): DeliveredCopy | undefined;
  close(): void;
}

export interface DeliveredCopy {
  subject: string;
  text: string;
  html: string;
}

/** How many delivered mails the dev outbox keeps in memory. */
const DEV_COPIES = 200;

/** SMTP delivery through nodemailer (SMTP_URL such as smtp://user:pass@host:587). */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * Local mode without SMTP: the mail is only logged, and kept in process memory as it was sent, so
 * `/dev/mail` can show its code after the stored row has lost it (decision 0024). A restart
 * forgets the copies, never the outbox.
 */
export function devOutboxTransport(log: FastifyBaseLogger): MailTransport {
  const copies = new Map<number, DeliveredCopy>();
  return {
    async send(mail) {
      log.info({ to: mail.toAddress, subject: mail.subject }, `dev outbox mail\n${mail.textBody}`);
      copies.set(mail.id, { subject: mail.subject, text: mail.textBody, html: mail.htmlBody });
      if (copies.size > DEV_COPIES) copies.delete(copies.keys().next().value!);
    },
    copyOf: (id) => copies.get(id),
    close: () => copies.clear(),
  };
}
