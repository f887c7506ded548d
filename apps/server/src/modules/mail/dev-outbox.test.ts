import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, latestCode, post, uniqueEmail, type TestApp } from '../../../test/app';

describe('the dev outbox in local mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows developers the code, while the stored row no longer holds it', async () => {
    const email = uniqueEmail();
    await post(t.app, '/api/send2facode', { email });
    const code = await latestCode(t.app, email);
    const rows = await t.database.db.execute(
      sql`select status, subject, text_body, html_body, secret from mail_outbox where to_address = ${email}`,
    );
    const row = (
      rows as unknown as {
        rows: {
          status: string;
          subject: string;
          text_body: string;
          html_body: string;
          secret: null;
        }[];
      }
    ).rows[0]!;
    expect(row.status).toBe('sent');
    expect(`${row.subject} ${row.text_body} ${row.html_body}`).not.toContain(code);
    expect(row.secret).toBeNull();

    const page = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.body).toContain(`Your sign-up code is: ${code}`);
  });
});
