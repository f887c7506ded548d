import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRow } from './repository';

export interface MailTransport {
  send(mail: OutboxRow): Promise<void>;
  close(): void;
}

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
 * Local mode without SMTP: the mail is only logged; the outbox row itself is what `/dev/mail`
 * shows, so a person can sign up on the embedded default.
 */
export function devOutboxTransport(log: FastifyBaseLogger): MailTransport {
  return {
    async send(mail) {
      log.info({ to: mail.toAddress, subject: mail.subject }, `dev outbox mail\n${mail.textBody}`);
    },
    close: () => undefined,
  };
}
