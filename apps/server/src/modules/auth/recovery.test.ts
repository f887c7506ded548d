import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MUTATION, SPEC_MESSAGES, VIEWER_QUERY, type ViewerResult } from '@attune/contract';
import {
  bearer,
  createTestApp,
  graphql,
  latestCode,
  logIn,
  mailsTo,
  post,
  signUp,
  TEST_TOKENS,
  uniqueEmail,
  type TestApp,
} from '../../../test/app';

const recoverAuth = { authorization: `Bearer ${TEST_TOKENS.recover}` };
const NEW_PASSWORD = 'violet-meadow-compass-77';

describe('password recovery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const recover = (email: string, headers = recoverAuth) =>
    post(t.app, '/api/recoverpassword', { email }, headers);
  const validate = (email: string, code: string) =>
    post(t.app, '/api/validate2facode', { email, code, is_reset_password: true });
  const reset = (body: object, headers = recoverAuth) =>
    post(t.app, '/api/resetpassword', body, headers);

  it('answers the same whether or not the e-mail exists; a stranger is told there is no account', async () => {
    const { email } = await signUp(t.app);
    const stranger = uniqueEmail();
    const known = await recover(email);
    const unknown = await recover(stranger);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({
      message: 'If an account exists for this e-mail address, we sent a code to it.',
    });
    const [notice] = await mailsTo(t.app, stranger);
    expect(notice?.subject).toBe('Resetting your Attune password');
    expect(notice?.text).toContain('There is no Attune account with this address.');
    expect(notice?.text).not.toMatch(/\b\d{6}\b/);
    expect((await mailsTo(t.app, email))[0]?.subject).toMatch(/password reset code: \d{6}$/);
  });

  it('answers a wrong code the same whether or not the e-mail has an account', async () => {
    const { email } = await signUp(t.app);
    const stranger = uniqueEmail();
    await recover(email);
    await recover(stranger);
    const code = await latestCode(t.app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const known = await validate(email, wrong);
    const unknown = await validate(stranger, wrong);
    expect(known.body).toEqual({
      code: 'code_invalid',
      message: 'The code is not correct. You can try 4 more times.',
      data: { status: 400, params: { attemptsLeft: 4 } },
    });
    expect(unknown.body).toEqual(known.body);
    // After five tries both are used up alike.
    for (let i = 0; i < 4; i += 1) {
      await validate(email, wrong);
      await validate(stranger, wrong);
    }
    const knownLast = await validate(email, wrong);
    expect(knownLast.body.code).toBe('code_attempts_exceeded');
    expect((await validate(stranger, wrong)).body).toEqual(knownLast.body);
    // Without a code asked for, both answer that there is no live code.
    const neverAsked = uniqueEmail();
    expect((await validate(neverAsked, wrong)).body.code).toBe('code_expired');
  });

  it('needs the recover token', async () => {
    expect((await recover(uniqueEmail(), {} as typeof recoverAuth)).status).toBe(401);
    expect(
      (
        await reset(
          { email: 'a@b.c', password: NEW_PASSWORD, nonce: 'x' },
          { authorization: `Bearer ${TEST_TOKENS.register}` },
        )
      ).status,
    ).toBe(401);
  });

  it('resets the password with the nonce, ends every session, and the old password stops working', async () => {
    const member = await signUp(t.app);
    const sessionA = await logIn(t.app, member.email, member.password);
    const sessionB = await logIn(t.app, member.email, member.password);

    await recover(member.email);
    const validated = await validate(member.email, await latestCode(t.app, member.email));
    expect(validated.status).toBe(200);
    const done = await reset({
      email: member.email,
      password: NEW_PASSWORD,
      nonce: validated.body.nonce,
    });
    expect(done.status).toBe(200);

    for (const session of [sessionA, sessionB]) {
      const answer = await graphql<ViewerResult>(
        t.app,
        VIEWER_QUERY,
        {},
        bearer(session.authToken),
      );
      expect(answer.body.errors?.[0]?.extensions.code).toBe('session_revoked');
    }
    const old = await graphql(t.app, LOGIN_MUTATION, {
      input: { username: member.email, password: member.password },
    });
    expect(old.body.errors?.[0]?.extensions.code).toBe('login_failed');
    expect((await logIn(t.app, member.email, NEW_PASSWORD)).user.databaseId).toBe(member.id);
    expect((await mailsTo(t.app, member.email))[0]?.subject).toBe(
      'Your Attune password was changed',
    );

    // The nonce works once.
    const again = await reset({
      email: member.email,
      password: 'another-long-password-9',
      nonce: validated.body.nonce,
    });
    expect(again.body).toEqual({
      code: 'reset_data_invalid',
      message: SPEC_MESSAGES.resetDataInvalid,
      data: { status: 400, params: {} },
    });
  });

  it("answers 'Reset data or code invalid' for empty fields, a wrong nonce or a sign-up code", async () => {
    for (const body of [
      {},
      { email: 'a@b.c', password: NEW_PASSWORD },
      { email: 'a@b.c', nonce: 'n' },
      { password: NEW_PASSWORD, nonce: 'n' },
    ]) {
      const answer = await reset(body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(SPEC_MESSAGES.resetDataInvalid);
    }
    const member = await signUp(t.app);
    await recover(member.email);
    await validate(member.email, await latestCode(t.app, member.email));
    expect(
      (await reset({ email: member.email, password: NEW_PASSWORD, nonce: 'made-up' })).body.code,
    ).toBe('reset_data_invalid');

    // A nonce from a sign-up validation is not a reset nonce.
    const newcomer = uniqueEmail();
    await post(t.app, '/api/send2facode', { email: newcomer });
    const signUpNonce = (
      await post(t.app, '/api/validate2facode', {
        email: newcomer,
        code: await latestCode(t.app, newcomer),
        is_reset_password: false,
      })
    ).body.nonce;
    expect(
      (await reset({ email: newcomer, password: NEW_PASSWORD, nonce: signUpNonce })).body.code,
    ).toBe('reset_data_invalid');
  });

  it('a reset code is not accepted as a sign-up code', async () => {
    const member = await signUp(t.app);
    await recover(member.email);
    const code = await latestCode(t.app, member.email);
    expect(
      (
        await post(t.app, '/api/validate2facode', {
          email: member.email,
          code,
          is_reset_password: false,
        })
      ).body.code,
    ).toBe('code_expired');
  });

  it('refuses a weak new password and keeps the nonce usable', async () => {
    const member = await signUp(t.app);
    await recover(member.email);
    const { nonce } = (await validate(member.email, await latestCode(t.app, member.email))).body;
    expect((await reset({ email: member.email, password: 'short', nonce })).body).toMatchObject({
      code: 'password_too_short',
      data: { status: 400, params: { min: 8 } },
    });
    expect(
      (await reset({ email: member.email, password: 'password123', nonce })).body,
    ).toMatchObject({ code: 'password_too_common', data: { status: 400, params: {} } });
    expect((await reset({ email: member.email, password: NEW_PASSWORD, nonce })).status).toBe(200);
  });

  it('refuses a wrong nonce before it looks at the new password (issue 41)', async () => {
    const member = await signUp(t.app);
    await recover(member.email);
    await validate(member.email, await latestCode(t.app, member.email));
    // The password is read (its rules, then its argon2 hash) only after the nonce is found: a
    // wrong nonce with a password the rules refuse is refused for the nonce, at no hashing cost.
    for (const password of ['short', NEW_PASSWORD])
      expect((await reset({ email: member.email, password, nonce: 'made-up' })).body.code).toBe(
        'reset_data_invalid',
      );
  });

  it('limits resets per e-mail, from however many addresses', async () => {
    const member = await signUp(t.app);
    const answers: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/resetpassword',
        payload: { email: member.email.toUpperCase(), password: NEW_PASSWORD, nonce: 'guess' },
        headers: recoverAuth,
        remoteAddress: `198.51.100.${index + 1}`,
      });
      answers.push(response.statusCode);
    }
    expect(answers.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it('refuses the member’s own e-mail address or username as the new password (issue 41)', async () => {
    const member = await signUp(t.app);
    await recover(member.email);
    const { nonce } = (await validate(member.email, await latestCode(t.app, member.email))).body;
    expect(
      (await reset({ email: member.email, password: member.email.toUpperCase(), nonce })).body.code,
    ).toBe('password_like_account');
    expect((await reset({ email: member.email, password: NEW_PASSWORD, nonce })).status).toBe(200);
  });
});
