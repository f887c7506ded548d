import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createTestApp, post, TEST_TOKENS, uniqueEmail, type TestApp } from '../../../test/app';
import { queueMail } from './service';

interface StoredMail {
  status: string;
  subject: string;
  text_body: string;
  html_body: string;
  secret: string | null;
}

async function outboxRow(t: TestApp, email: string): Promise<StoredMail> {
  const rows = await t.database.db.execute(
    sql`select status, subject, text_body, html_body, secret from mail_outbox where to_address = ${email}`,
  );
  return (rows as unknown as { rows: StoredMail[] }).rows[0]!;
}

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback (smtp-server), receiving the actual protocol. */
async function startSmtp(options: { failFirst?: number } = {}) {
  const received: Received[] = [];
  let failures = options.failFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      if (failures > 0) {
        failures -= 1;
        const error = new Error('Mailbox busy, try later') as Error & { responseCode: number };
        error.responseCode = 451;
        return callback(error);
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('mail over SMTP through the outbox', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp({ failFirst: 1 });
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Attune <no-reply@attune.test>',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers a sign-up code, retrying after a temporary failure without losing it', async () => {
    const email = uniqueEmail();
    const answer = await post(t.app, '/api/send2facode', { email });
    expect(answer.status).toBe(200);
    // The first attempt, made at once, was refused: the visitor is told the mail is delayed.
    expect(answer.body.notice).toBe('mail_delayed');
    await t.app.mail.drain();

    // First attempt refused by the server (451): the mail stays in the outbox with the error.
    const pending = await t.database.db.execute(
      sql`select status, attempts, last_error from mail_outbox where to_address = ${email}`,
    );
    const row = (
      pending as unknown as { rows: { status: string; attempts: number; last_error: string }[] }
    ).rows[0]!;
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/451|busy/i);
    expect(smtp.received).toHaveLength(0);

    // When the retry is due, it goes out.
    await t.database.db.execute(
      sql`update mail_outbox set next_attempt_at = now() where to_address = ${email}`,
    );
    await t.app.mail.drain();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual([email]);
    expect(smtp.received[0]!.raw).toMatch(/Subject: Your Attune sign-up code: \d{6}/);
    expect(smtp.received[0]!.raw).toContain('From: Attune <no-reply@attune.test>');
    const sent = await t.database.db.execute(
      sql`select status from mail_outbox where to_address = ${email}`,
    );
    expect((sent as unknown as { rows: { status: string }[] }).rows[0]!.status).toBe('sent');
  });

  it('says nothing of a delay when the mail went out at once', async () => {
    const email = uniqueEmail();
    const answer = await post(t.app, '/api/send2facode', { email });
    expect(answer.body).toEqual({
      message: 'We sent a 6-digit code to your e-mail address. Please check your inbox.',
    });
  });

  it('keeps a code in the outbox only until the mail is sent', async () => {
    const email = uniqueEmail();
    await post(t.app, '/api/send2facode', { email });
    await t.app.mail.drain();
    const delivered = smtp.received.find((mail) => mail.to.includes(email))!;
    const code = /code: (\d{6})/.exec(delivered.raw)![1]!;
    const row = await outboxRow(t, email);
    expect(row.status).toBe('sent');
    expect(`${row.subject}\n${row.text_body}\n${row.html_body}`).not.toContain(code);
    expect(row.text_body).toContain('Your sign-up code is: ******');
    expect(row.secret).toBeNull();
  });

  it('stops retrying a code mail once its code has expired', async () => {
    const email = uniqueEmail();
    const before = smtp.received.length;
    // A code mail still waiting for its retry (say the server refused it) when its code expires …
    await t.database.db.transaction(async (tx) =>
      queueMail(tx, email, 'en', { kind: 'sign-up-code', code: '424242', minutes: 10 }),
    );
    await t.database.db.execute(
      sql`update mail_outbox set expires_at = now() - interval '1 second' where to_address = ${email}`,
    );
    // … is not sent any more, and its code leaves the outbox.
    await t.app.mail.drain();
    expect(smtp.received.length).toBe(before);
    const row = await outboxRow(t, email);
    expect(row.status).toBe('expired');
    expect(row.text_body).not.toContain('424242');
    expect(row.subject).toBe('Your Attune sign-up code: ******');
  });

  it('keeps a mail queued with the error while the SMTP server is down, and says it is delayed', async () => {
    const down = await startSmtp();
    const port = down.port;
    await down.close();
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const email = uniqueEmail();
      const answer = await post(app.app, '/api/send2facode', { email });
      expect(answer.status).toBe(200);
      expect(answer.body.notice).toBe('mail_delayed');
      // Recovery says the same, whether or not the address has an account.
      for (const address of [email, uniqueEmail()]) {
        const recover = await post(
          app.app,
          '/api/recoverpassword',
          { email: address },
          { authorization: `Bearer ${TEST_TOKENS.recover}` },
        );
        expect(recover.body).toEqual({
          message: 'If an account exists for this e-mail address, we sent a code to it.',
          notice: 'mail_delayed',
        });
      }
      await app.app.mail.drain();
      const rows = await app.database.db.execute(
        sql`select status, last_error from mail_outbox where to_address = ${email}`,
      );
      expect(
        (rows as unknown as { rows: { status: string; last_error: string }[] }).rows[0],
      ).toMatchObject({
        status: 'pending',
        last_error: expect.stringMatching(/ECONNREFUSED|connect/i),
      });
    } finally {
      await app.close();
    }
  });
});
