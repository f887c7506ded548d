import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  latestCode,
  logIn,
  post,
  signUp,
  TEST_TOKENS,
  type TestApp,
} from '../../../test/app';

describe('PATCH /api/users/preferred-language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const patch = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/users/preferred-language',
      payload: body as object,
      headers,
    });

  it('saves the language of the signed-in member, and later mails use it', async () => {
    const member = await signUp(t.app);
    const { authToken } = await logIn(t.app, member.email, member.password);
    const answer = await patch({ language: 'es' }, bearer(authToken));
    expect(answer.statusCode).toBe(200);
    await post(
      t.app,
      '/api/recoverpassword',
      { email: member.email },
      { authorization: `Bearer ${TEST_TOKENS.recover}`, 'accept-language': 'en' },
    );
    await latestCode(t.app, member.email);
    const mails = await t.app.inject('/dev/mail.json');
    const mail = (mails.json() as { to: string; subject: string }[]).find(
      (m) => m.to === member.email,
    );
    expect(mail?.subject).toMatch(/^Su código para restablecer/);
  });

  it('refuses anonymous callers and unknown languages, changing nothing', async () => {
    expect((await patch({ language: 'de' })).statusCode).toBe(401);
    const member = await signUp(t.app);
    const { authToken } = await logIn(t.app, member.email, member.password);
    const bad = await patch({ language: 'fr' }, bearer(authToken));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
  });
});
