import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  codeOf,
  createTestApp,
  mailsTo,
  signedInMembers,
  uniqueEmail,
  type TestApp,
} from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Sends a request from 127.0.0.1, past the per-address limit unless a test counts it. */
async function contact(body: object, headers: Record<string, string> = {}, resetIp = true) {
  if (resetIp) await t.app.rateLimits.reset('support:ip', '127.0.0.1');
  return t.app.inject({
    method: 'POST',
    url: '/api/support/contact',
    payload: body,
    headers: { 'accept-language': 'de', ...headers },
  });
}
const request = (email = uniqueEmail('visitor')) => ({
  formId: 'technical',
  name: 'Hilde Brandt',
  email,
  message: 'Die Seite lädt auf meinem Tablet nicht richtig.',
});
const storedFor = async (email: string) =>
  (
    (await t.database.db.execute(
      sql`select form_id, user_id, name, message, language from support_requests where email = ${email}`,
    )) as unknown as { rows: Record<string, unknown>[] }
  ).rows;

describe('support', () => {
  it('lists the forms in the reader’s language', async () => {
    const forms = await t.app.inject({
      url: '/api/support/form-ids',
      headers: { 'accept-language': 'es' },
    });
    expect(forms.statusCode).toBe(200);
    expect(forms.json()).toEqual([
      { id: 'general', name: 'Pregunta general' },
      { id: 'technical', name: 'Problema técnico con el sitio' },
      { id: 'account', name: 'Mi cuenta o el inicio de sesión' },
      { id: 'privacy', name: 'Solicitud de privacidad (mis datos)' },
    ]);
  });

  it('takes a request from a visitor: stored, mailed to support, confirmed in their language', async () => {
    const body = request();
    const sent = await contact(body);
    expect(sent.statusCode, sent.body).toBe(201);
    const { reference, message } = sent.json() as { reference: string; message: string };
    expect(reference).toMatch(/^AT-\d{6}$/);
    expect(message).toMatch(/^Danke\./);
    expect(await storedFor(body.email)).toEqual([
      {
        form_id: 'technical',
        user_id: null,
        name: 'Hilde Brandt',
        message: body.message,
        language: 'de',
      },
    ]);
    const confirmation = await mailsTo(t.app, body.email);
    expect(confirmation.map((mail) => mail.subject)).toEqual([
      `Wir haben Ihre Anfrage erhalten (${reference})`,
    ]);
    // The confirmation does not copy the message (mail is not a private channel).
    expect(confirmation[0]!.text).not.toContain('Tablet');
    const toSupport = (await mailsTo(t.app, t.config.supportEmail)).filter((mail) =>
      mail.subject.includes(reference),
    );
    expect(toSupport).toHaveLength(1);
    expect(toSupport[0]!.subject).toBe(
      `Support request ${reference}: Technical problem with the site`,
    );
    expect(toSupport[0]!.text).toContain(body.message);
    expect(toSupport[0]!.text).toContain('(not signed in)');
  });

  it('links a signed-in member’s request to them', async () => {
    const [member] = await signedInMembers(t.app, 1);
    const body = { ...request(member!.email), formId: 'account' };
    const sent = await contact(body, bearer(member!.token));
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await storedFor(member!.email))[0]).toMatchObject({ user_id: member!.id });
  });

  it('answers a filled-in honeypot as sent, and keeps and mails nothing', async () => {
    const body = { ...request(), website: 'http://spam.example' };
    const sent = await contact(body);
    expect(sent.statusCode).toBe(201);
    expect(await storedFor(body.email)).toEqual([]);
    expect(await mailsTo(t.app, body.email)).toEqual([]);
  });

  it('refuses bad input with the field to blame, and changes nothing', async () => {
    for (const [change, field] of [
      [{ message: 'Hilfe' }, 'message'],
      [{ email: 'nicht-eine-adresse' }, 'email'],
      [{ name: '   ' }, 'name'],
      [{ formId: 'complaint' }, 'formId'],
    ] as const) {
      const body = { ...request(), ...change };
      const refused = await contact(body);
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'validation_failed',
        data: { params: { field } },
      });
    }
    expect(
      (
        (await t.database.db.execute(
          sql`select count(*)::int as n from support_requests where message = 'Hilfe'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n,
    ).toBe(0);
  });

  it('limits requests per e-mail and per address', async () => {
    const email = uniqueEmail('eager');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await contact(request(email))).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);

    await t.app.rateLimits.reset('support:ip', '127.0.0.1');
    const fromOneAddress: number[] = [];
    for (let i = 0; i < 6; i += 1)
      fromOneAddress.push((await contact(request(), {}, false)).statusCode);
    expect(fromOneAddress).toEqual([201, 201, 201, 201, 201, 429]);
    const limited = await contact(request(), {}, false);
    expect(codeOf(limited)).toBe('rate_limited');
  });
});
