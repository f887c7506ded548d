import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createTestApp, post, uniqueEmail, type TestApp } from '../../../test/app';

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
    expect((await post(t.app, '/api/send2facode', { email })).status).toBe(200);
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

  it('keeps a mail queued with the error while the SMTP server is down', async () => {
    const down = await startSmtp();
    const port = down.port;
    await down.close();
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const email = uniqueEmail();
      await post(app.app, '/api/send2facode', { email });
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
