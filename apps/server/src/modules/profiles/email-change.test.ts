import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  latestCode,
  logIn,
  mailsTo,
  signedInMember,
  signUp,
  uniqueEmail,
  type TestApp,
  updateProfile,
} from '../../../test/app';

describe('changing the e-mail address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const update = (token: string, body: object, language = 'en') =>
    updateProfile(t.app, token, body, language);
  const confirm = (token: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/confirm-email',
      payload: { code },
      headers: bearer(token),
    });
  const emailOf = async (token: string) =>
    (await t.app.inject({ url: '/api/fetch-user', headers: bearer(token) })).json().email as string;
  const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

  it('takes effect only once the code sent to the new address is entered; the old one is told', async () => {
    const me = await signedInMember(t.app);
    // The member reads Attune in German: the notice to the old address is in German.
    await t.app.inject({
      method: 'PATCH',
      url: '/api/users/preferred-language',
      payload: { language: 'de' },
      headers: bearer(me.token),
    });
    const newEmail = uniqueEmail('moved');

    const asked = await update(me.token, { email: newEmail, currentPassword: me.password });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      message:
        'Your profile was saved. We sent a code to your new e-mail address: your address changes once you enter it.',
      pendingEmail: newEmail,
    });
    expect(await emailOf(me.token)).toBe(me.email);
    const [codeMail] = await mailsTo(t.app, newEmail);
    expect(codeMail?.subject).toMatch(/^Your code to confirm your new e-mail address: \d{6}$/);
    const code = await latestCode(t.app, newEmail);

    const wrong = await confirm(me.token, wrongOf(code));
    expect(wrong.json()).toMatchObject({
      code: 'code_invalid',
      data: { params: { attemptsLeft: 4 } },
    });
    expect(await emailOf(me.token)).toBe(me.email);

    const done = await confirm(me.token, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Your e-mail address was changed.', email: newEmail });
    expect(await emailOf(me.token)).toBe(newEmail);

    const [notice] = await mailsTo(t.app, me.email);
    expect(notice?.subject).toBe('Die E-Mail-Adresse Ihres Attune-Kontos wurde geändert');
    expect(notice?.text).toContain(`m***@${newEmail.split('@')[1]}`);
    expect(notice?.text).not.toContain(newEmail);

    expect((await logIn(t.app, newEmail, me.password)).user.databaseId).toBe(me.id);
    await expect(logIn(t.app, me.email, me.password)).rejects.toThrow(/login_failed/);
    // The code works once.
    expect((await confirm(me.token, code)).json().code).toBe('code_expired');
  });

  it("is one member's code for one address: another member cannot use it", async () => {
    const me = await signedInMember(t.app);
    const other = await signedInMember(t.app);
    const newEmail = uniqueEmail('mine');
    await update(me.token, { email: newEmail, currentPassword: me.password });
    const code = await latestCode(t.app, newEmail);
    expect((await confirm(other.token, code)).json().code).toBe('code_expired');
    expect(await emailOf(other.token)).toBe(other.email);
  });

  it('retires the older code when the member asks again', async () => {
    const me = await signedInMember(t.app);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await update(me.token, { email: first, currentPassword: me.password });
    const firstCode = await latestCode(t.app, first);
    await update(me.token, { email: second, currentPassword: me.password });
    const secondCode = await latestCode(t.app, second);
    if (firstCode !== secondCode)
      expect((await confirm(me.token, firstCode)).json().code).toBe('code_invalid');
    expect((await confirm(me.token, secondCode)).json().email).toBe(second);
  });

  it('refuses an address someone registered in the meantime, and changes nothing', async () => {
    const me = await signedInMember(t.app);
    const contested = uniqueEmail('contested');
    await update(me.token, { email: contested, currentPassword: me.password });
    const code = await latestCode(t.app, contested);
    await signUp(t.app, contested);
    const refused = await confirm(me.token, code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('email_taken');
    expect(await emailOf(me.token)).toBe(me.email);
  });

  it('limits wrong current passwords per member, whatever the address they come from', async () => {
    const me = await signedInMember(t.app);
    for (let i = 0; i < 5; i += 1) {
      const answer = await t.app.inject({
        method: 'PUT',
        url: '/api/update-profile',
        payload: { email: uniqueEmail(), currentPassword: `wrong-guess-${i}` },
        headers: bearer(me.token),
        remoteAddress: `10.66.0.${i + 1}`,
      });
      expect(answer.json().code).toBe('current_password_wrong');
    }
    const limited = await update(me.token, {
      password: 'another-long-phrase-9',
      currentPassword: me.password,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Right passwords do not count: another member is not affected.
    const other = await signedInMember(t.app);
    for (let i = 0; i < 5; i += 1)
      expect(
        (await update(other.token, { email: uniqueEmail(), currentPassword: other.password }))
          .statusCode,
      ).toBe(200);
    const newPassword = 'a-sixth-right-password-9';
    expect(
      (await update(other.token, { password: newPassword, currentPassword: other.password }))
        .statusCode,
    ).toBe(200);
  });

  it('checks the code shape before anything else', async () => {
    const me = await signedInMember(t.app);
    const answer = await confirm(me.token, '12ab');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Please enter the 6-digit code from the e-mail.',
      data: { params: { field: 'code' } },
    });
  });
});
