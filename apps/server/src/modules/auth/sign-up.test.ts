import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LOGIN_MUTATION, SPEC_MESSAGES, type LoginResult } from '@attune/contract';
import {
  createTestApp,
  GOOD_PASSWORD,
  graphql,
  latestCode,
  mailsTo,
  post,
  signUp,
  STAFF_DOMAIN,
  TEST_TOKENS,
  uniqueEmail,
  type TestApp,
} from '../../../test/app';
import { argon2Stats } from './passwords';

const registerAuth = { authorization: `Bearer ${TEST_TOKENS.register}` };

describe('sign-up with an e-mail code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sendCode = (email: string, language?: string, type?: string) =>
    post(
      t.app,
      '/api/send2facode',
      { email, ...(type ? { type } : {}) },
      language ? { 'accept-language': language } : {},
    );
  const validate = (email: string, code: string) =>
    post(t.app, '/api/validate2facode', { email, code, is_reset_password: false });
  const register = (body: object, headers: Record<string, string> = registerAuth) =>
    post(t.app, '/api/registeruser', body, headers);

  it('mails a 6-digit code in the language of the request', async () => {
    const email = uniqueEmail();
    const sent = await sendCode(email, 'de-DE,de;q=0.9,en;q=0.5');
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatch(/6-digit code/);
    const [mail] = await mailsTo(t.app, email);
    expect(mail?.subject).toMatch(/^Ihr Attune-Registrierungscode: \d{6}$/);
    expect(mail?.html).toContain('lang="de"');

    const spanish = uniqueEmail();
    await sendCode(spanish, 'es');
    expect((await mailsTo(t.app, spanish))[0]?.subject).toMatch(
      /^Su código de registro de Attune: \d{6}$/,
    );
  });

  it('refuses a malformed e-mail with a clear message and mails nothing', async () => {
    const sent = await sendCode('not-an-address');
    expect(sent.status).toBe(400);
    expect(sent.body).toEqual({
      code: 'validation_failed',
      message: 'Please enter a valid e-mail address.',
      data: { status: 400, params: { field: 'email' } },
    });
  });

  it('stores codes only as keyed hashes', async () => {
    const email = uniqueEmail();
    await sendCode(email);
    const code = await latestCode(t.app, email);
    const rows = await t.database.db.execute(
      sql`select code_hash from email_codes where email = ${email}`,
    );
    const hashes = (rows as unknown as { rows: { code_hash: string }[] }).rows.map(
      (row) => row.code_hash,
    );
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).not.toContain(code);
  });

  it('signs up, and the new member can log in with setup not completed', async () => {
    const email = uniqueEmail();
    await sendCode(email);
    const validated = await validate(email, await latestCode(t.app, email));
    expect(validated.status).toBe(200);
    expect(validated.body.nonce).toEqual(expect.any(String));
    const registered = await register({ email, password: GOOD_PASSWORD });
    expect(registered.status).toBe(200);
    expect(registered.body.id).toEqual(expect.any(Number));

    const login = await graphql<LoginResult>(t.app, LOGIN_MUTATION, {
      input: { username: email, password: GOOD_PASSWORD },
    });
    const user = login.body.data!.login.user;
    expect(user.completedSetup).toBe(false);
    expect(user.roles).toEqual(['member']);
    expect(user.email).toBe(email);
    expect(
      user.extendedProfile.find((field) => field.name.toLowerCase() === 'completed setup')?.value
        .raw,
    ).toBe('no');
  });

  it('keeps the answer the same for a registered e-mail, and mails a notice instead of a code', async () => {
    const { email } = await signUp(t.app);
    const fresh = await sendCode(uniqueEmail());
    const again = await sendCode(email);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(fresh.body);
    const [notice] = await mailsTo(t.app, email);
    expect(notice?.subject).toBe('You already have an Attune account');
    expect(notice?.text).not.toMatch(/\b\d{6}\b/);
  });

  it('answers a wrong code the same for a registered e-mail and a new one', async () => {
    const { email } = await signUp(t.app);
    const newcomer = uniqueEmail();
    await sendCode(email);
    await sendCode(newcomer);
    const code = await latestCode(t.app, newcomer);
    const wrong = code === '000000' ? '111111' : '000000';
    const registered = await validate(email, wrong);
    const fresh = await validate(newcomer, wrong);
    expect(fresh.body).toEqual({
      code: 'code_invalid',
      message: 'The code is not correct. You can try 4 more times.',
      data: { status: 400, params: { attemptsLeft: 4 } },
    });
    expect(registered.status).toBe(fresh.status);
    expect(registered.body).toEqual(fresh.body);
    // A registered address never gets a usable code, so it can never be registered twice.
    expect((await register({ email, password: GOOD_PASSWORD })).body.code).toBe(
      'register_data_invalid',
    );
  });

  it('refuses a wrong code, and after 5 wrong tries even the right code', async () => {
    const email = uniqueEmail();
    await sendCode(email);
    const code = await latestCode(t.app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await validate(email, wrong);
    expect(first.status).toBe(400);
    expect(first.body).toEqual({
      code: 'code_invalid',
      message: 'The code is not correct. You can try 4 more times.',
      data: { status: 400, params: { attemptsLeft: 4 } },
    });
    for (const attemptsLeft of [3, 2, 1]) {
      expect((await validate(email, wrong)).body).toMatchObject({
        code: 'code_invalid',
        data: { params: { attemptsLeft } },
      });
    }
    expect((await validate(email, wrong)).body).toMatchObject({
      code: 'code_attempts_exceeded',
      data: { status: 400, params: {} },
    });
    const right = await validate(email, code);
    expect(right.status).toBe(400);
    expect(right.body.code).toBe('code_attempts_exceeded');
    expect((await register({ email, password: GOOD_PASSWORD })).body.message).toBe(
      SPEC_MESSAGES.registerDataInvalid,
    );
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail();
    await sendCode(email);
    const code = await latestCode(t.app, email);
    await t.database.db.execute(
      sql`update email_codes set expires_at = now() - interval '1 second' where email = ${email}`,
    );
    expect((await validate(email, code)).body).toEqual({
      code: 'code_expired',
      message: 'This code has expired or was already used. Please ask for a new code.',
      data: { status: 400, params: {} },
    });
  });

  it('only the newest code works', async () => {
    const email = uniqueEmail();
    await sendCode(email);
    const older = await latestCode(t.app, email);
    await sendCode(email);
    const newer = await latestCode(t.app, email);
    if (older !== newer) expect((await validate(email, older)).status).toBe(400);
    expect((await validate(email, newer)).status).toBe(200);
  });

  it('registers only with the register token', async () => {
    const email = uniqueEmail();
    expect((await register({ email, password: GOOD_PASSWORD }, {})).status).toBe(401);
    const wrong = await register(
      { email, password: GOOD_PASSWORD },
      { authorization: 'Bearer nope' },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('unauthorized');
  });

  it("answers 'Register data or code invalid' for empty data or without a validated code", async () => {
    for (const body of [
      {},
      { email: uniqueEmail() },
      { password: GOOD_PASSWORD },
      { email: '', password: '' },
    ]) {
      const answer = await register(body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        code: 'register_data_invalid',
        message: SPEC_MESSAGES.registerDataInvalid,
        data: { status: 400, params: {} },
      });
    }
    const email = uniqueEmail();
    await sendCode(email);
    expect((await register({ email, password: GOOD_PASSWORD })).body.message).toBe(
      SPEC_MESSAGES.registerDataInvalid,
    );
  });

  it('checks for a validated code before it spends any argon2 work on the password', async () => {
    const waiting = uniqueEmail();
    await sendCode(waiting); // a code was sent but never validated
    const before = argon2Stats().hashes;
    for (const email of [uniqueEmail(), waiting, uniqueEmail()])
      expect((await register({ email, password: GOOD_PASSWORD })).body.code).toBe(
        'register_data_invalid',
      );
    expect(argon2Stats().hashes - before).toBe(0);
  });

  it('limits registeruser per e-mail and per address', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 10; i += 1)
      expect((await register({ email, password: GOOD_PASSWORD })).status).toBe(400);
    const limited = await register({ email, password: GOOD_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const fromOneAddress = async (target: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/registeruser',
        payload: { email: target, password: GOOD_PASSWORD },
        headers: registerAuth,
        remoteAddress: '10.20.30.40',
      });
    let status = 0;
    for (let i = 0; i < 61 && status !== 429; i += 1)
      status = (await fromOneAddress(uniqueEmail())).statusCode;
    expect(status).toBe(429);
  });

  it('uses a validated code once, and only within 15 minutes', async () => {
    const email = uniqueEmail();
    await sendCode(email);
    await validate(email, await latestCode(t.app, email));
    expect((await register({ email, password: GOOD_PASSWORD })).status).toBe(200);
    expect((await register({ email, password: GOOD_PASSWORD })).body.code).toBe(
      'register_data_invalid',
    );

    const late = uniqueEmail();
    await sendCode(late);
    await validate(late, await latestCode(t.app, late));
    await t.database.db.execute(
      sql`update email_codes set validated_at = now() - interval '16 minutes' where email = ${late}`,
    );
    expect((await register({ email: late, password: GOOD_PASSWORD })).body.code).toBe(
      'register_data_invalid',
    );
  });

  it('refuses short and common passwords without using up the validated code', async () => {
    const email = uniqueEmail();
    await sendCode(email);
    await validate(email, await latestCode(t.app, email));
    const short = await register({ email, password: 'abc123' });
    expect(short.body).toEqual({
      code: 'password_too_short',
      message: 'The password must have at least 8 characters.',
      data: { status: 400, params: { min: 8 } },
    });
    const long = await register({ email, password: 'x'.repeat(201) });
    expect(long.body).toMatchObject({
      code: 'password_too_long',
      data: { status: 400, params: { max: 200 } },
    });
    const common = await register({ email, password: 'password123' });
    expect(common.status).toBe(400);
    expect(common.body).toEqual({
      code: 'password_too_common',
      message: 'This password is too common and easy to guess. Please choose another one.',
      data: { status: 400, params: {} },
    });
    expect((await register({ email, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it('accepts staff (medel) registration only for staff e-mail domains', async () => {
    const outsider = uniqueEmail();
    await sendCode(outsider);
    await validate(outsider, await latestCode(t.app, outsider));
    const refused = await register({ email: outsider, password: GOOD_PASSWORD, type: 'medel' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('staff_domain_required');

    const staff = uniqueEmail('staff', STAFF_DOMAIN);
    await signUpAs(staff, 'medel');
    const login = await graphql<LoginResult>(t.app, LOGIN_MUTATION, {
      input: { username: staff, password: GOOD_PASSWORD },
    });
    expect(login.body.data!.login.user.roles).toEqual(['medel_user']);
    expect(login.body.data!.login.user.capabilities).toContain('view_medel_area');
  });

  it('refuses a staff code for an e-mail outside the staff domains, mailing nothing', async () => {
    const outsider = uniqueEmail();
    const refused = await sendCode(outsider, 'en', 'medel');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'staff_domain_required',
      message: expect.stringContaining('Staff accounts need an e-mail address of the manufacturer'),
      data: { status: 403, params: {} },
    });
    expect(await mailsTo(t.app, outsider)).toEqual([]);
    // The refusals use up none of the attempts the person needs to sign up as a member.
    for (let i = 0; i < 6; i += 1)
      expect((await sendCode(outsider, 'en', 'medel')).status).toBe(403);
    expect((await sendCode(outsider, 'en', 'regular')).status).toBe(200);

    const staff = uniqueEmail('staff', STAFF_DOMAIN);
    expect((await sendCode(staff, 'en', 'medel')).status).toBe(200);
    expect(await mailsTo(t.app, staff)).toHaveLength(1);
  });

  it('refuses an unknown registration type', async () => {
    const answer = await register({ email: uniqueEmail(), password: GOOD_PASSWORD, type: 'admin' });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_failed');
  });

  async function signUpAs(email: string, type: string) {
    await sendCode(email);
    await validate(email, await latestCode(t.app, email));
    const answer = await register({ email, password: GOOD_PASSWORD, type });
    expect(answer.status).toBe(200);
  }
});
