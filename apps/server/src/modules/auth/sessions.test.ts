import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash, verify } from '@node-rs/argon2';
import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import {
  COOKIE_NAMES,
  LOGIN_MUTATION,
  REFRESH_MUTATION,
  VIEWER_QUERY,
  type RefreshResult,
  type ViewerResult,
} from '@attune/contract';
import {
  bearer,
  createTestApp,
  graphql,
  logIn,
  post,
  signUp,
  type TestApp,
} from '../../../test/app';

describe('login, refresh, viewer, authwp and logout', () => {
  let t: TestApp;
  let member: { email: string; password: string; id: number };
  beforeAll(async () => {
    t = await createTestApp();
    member = await signUp(t.app);
  });
  afterAll(() => t.close());

  const viewer = (token: string) => graphql<ViewerResult>(t.app, VIEWER_QUERY, {}, bearer(token));
  const refresh = (jwtRefreshToken?: string, cookie?: string) =>
    graphql<RefreshResult>(
      t.app,
      REFRESH_MUTATION,
      { input: jwtRefreshToken ? { jwtRefreshToken } : {} },
      cookie ? { cookie } : {},
    );

  it('logs in by e-mail or username and returns every field of the spec', async () => {
    const byEmail = await logIn(t.app, member.email.toUpperCase(), member.password);
    expect(byEmail.clientMutationId).toBe('test');
    const user = byEmail.user;
    const byUsername = await logIn(t.app, user.username, member.password);
    expect(byUsername.user.databaseId).toBe(member.id);
    expect(user).toMatchObject({
      id: Buffer.from(`user:${member.id}`).toString('base64'),
      databaseId: member.id,
      nickname: expect.any(String),
      username: expect.any(String),
      email: member.email,
      avatar: { url: null },
      completedSetup: false,
    });
    expect(user.capabilities).toContain('read');
    expect(user.extendedProfile).toHaveLength(19);
    for (const field of user.extendedProfile)
      expect(field).toEqual({
        databaseId: expect.any(Number),
        name: expect.any(String),
        value: { raw: expect.any(String) },
      });
    // The JWT lives 15 minutes and jwtAuthExpiration says when.
    const expiresIn = Number(user.jwtAuthExpiration) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(14 * 60);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60);
    // The refresh token also lands in an httpOnly cookie, so the browser never has to keep it.
    const cookie = byEmail.cookies.find((c) => c.name === COOKIE_NAMES.refresh);
    expect(cookie).toMatchObject({
      value: byEmail.refreshToken,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/graphql',
    });
  });

  it('gives the same error for a wrong password and an unknown user', async () => {
    const wrong = await graphql(t.app, LOGIN_MUTATION, {
      input: { username: member.email, password: 'not-the-password' },
    });
    const unknown = await graphql(t.app, LOGIN_MUTATION, {
      input: { username: 'nobody@example.com', password: 'not-the-password' },
    });
    expect(wrong.body.errors?.[0]).toMatchObject({
      message: 'The username or password is not correct.',
      extensions: { code: 'login_failed', status: 401, params: {} },
    });
    expect(unknown.body.errors?.[0]?.message).toBe(wrong.body.errors?.[0]?.message);
    expect(wrong.body.data).toBeNull();
  });

  it('refuses aliased or batched login attempts', async () => {
    const aliased = await graphql(
      t.app,
      `
        mutation {
          a: login(input: { username: "x", password: "1" }) {
            authToken
          }
          b: login(input: { username: "x", password: "2" }) {
            authToken
          }
        }
      `,
    );
    expect(aliased.status).toBe(400);
    expect(aliased.body.errors?.[0]?.message).toMatch(/must be the only field/);
    const mixed = await graphql(
      t.app,
      `
        mutation {
          login(input: { username: "x", password: "1" }) {
            authToken
          }
          refreshJwtAuthToken(input: {}) {
            authToken
          }
        }
      `,
    );
    expect(mixed.status).toBe(400);
    const batch = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: [
        { query: LOGIN_MUTATION, variables: { input: { username: 'x', password: '1' } } },
        { query: LOGIN_MUTATION, variables: { input: { username: 'x', password: '2' } } },
      ],
    });
    expect(batch.statusCode).toBe(400);
  });

  it('answers viewer for a valid token and null without one', async () => {
    const { authToken } = await logIn(t.app, member.email, member.password);
    expect((await viewer(authToken)).body.data?.viewer?.databaseId).toBe(member.id);
    expect((await graphql<ViewerResult>(t.app, VIEWER_QUERY)).body.data?.viewer).toBeNull();
  });

  it('rejects forged, expired and wrongly signed tokens', async () => {
    const garbage = await viewer('not.a.jwt');
    expect(garbage.body.errors?.[0]?.extensions.code).toBe('token_invalid');

    const { authToken } = await logIn(t.app, member.email, member.password);
    const [header, payload] = authToken.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect((await viewer(none)).body.errors?.[0]?.extensions.code).toBe('token_invalid');
    expect((await viewer(`${header}.${payload}.AAAA`)).body.errors?.[0]?.extensions.code).toBe(
      'token_invalid',
    );

    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const key = new TextEncoder().encode(t.config.authSecret);
    const expired = await new SignJWT({ sid: claims.sid, kind: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('attune')
      .setSubject(claims.sub)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    expect((await viewer(expired)).body.errors?.[0]?.extensions.code).toBe('token_expired');
    const otherKey = await new SignJWT({ sid: claims.sid, kind: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('attune')
      .setSubject(claims.sub)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    expect((await viewer(otherKey)).body.errors?.[0]?.extensions.code).toBe('token_invalid');
  });

  it('rotates the refresh token, and reuse of an old one ends the session', async () => {
    const login = await logIn(t.app, member.email, member.password);
    const first = await refresh(login.refreshToken);
    const rotated = first.body.data!.refreshJwtAuthToken;
    expect(rotated.refreshToken).not.toBe(login.refreshToken);
    expect((await viewer(rotated.authToken)).body.data?.viewer?.databaseId).toBe(member.id);

    // The cookie alone works too (that is how the browser refreshes).
    const byCookie = await refresh(undefined, `${COOKIE_NAMES.refresh}=${rotated.refreshToken}`);
    const latest = byCookie.body.data!.refreshJwtAuthToken;
    expect(latest.authToken).toEqual(expect.any(String));

    // Presented again after the retry minute, the old token is a replay: the session ends.
    await t.database.db.execute(
      sql`update refresh_tokens set used_at = now() - interval '2 minutes' where used_at is not null`,
    );
    const replay = await refresh(login.refreshToken);
    expect(replay.body.errors?.[0]?.extensions.code).toBe('refresh_token_reused');
    expect((await refresh(latest.refreshToken)).body.errors?.[0]?.extensions.code).toBe(
      'session_revoked',
    );
    expect((await viewer(latest.authToken)).body.errors?.[0]?.extensions.code).toBe(
      'session_revoked',
    );
    expect((await viewer(login.authToken)).body.errors?.[0]?.extensions.code).toBe(
      'session_revoked',
    );
  });

  it('answers a token presented again within a minute with the same successor (issue 41)', async () => {
    const login = await logIn(t.app, member.email, member.password);
    // The answer to this refresh is lost (the member left the page while it was in flight).
    const lost = (await refresh(login.refreshToken)).body.data!.refreshJwtAuthToken;
    const retry = (await refresh(login.refreshToken)).body.data!.refreshJwtAuthToken;
    // The same answer, never a third token: whoever else holds the old one gains nothing new.
    expect(retry.refreshToken).toBe(lost.refreshToken);
    expect((await viewer(retry.authToken)).body.data?.viewer?.databaseId).toBe(member.id);
    expect((await refresh(login.refreshToken)).body.data!.refreshJwtAuthToken.refreshToken).toBe(
      lost.refreshToken,
    );
    // The member goes on with it; the session is theirs.
    const next = (await refresh(lost.refreshToken)).body.data!.refreshJwtAuthToken;
    expect((await viewer(next.authToken)).body.data?.viewer?.databaseId).toBe(member.id);
  });

  it('gives two refreshes of one token at the same moment the same successor', async () => {
    const login = await logIn(t.app, member.email, member.password);
    const [one, two] = await Promise.all([
      refresh(login.refreshToken),
      refresh(login.refreshToken),
    ]);
    const first = one.body.data!.refreshJwtAuthToken;
    expect(two.body.data!.refreshJwtAuthToken.refreshToken).toBe(first.refreshToken);
    expect((await viewer(first.authToken)).body.data?.viewer?.databaseId).toBe(member.id);
  });

  it('refuses the old token within the minute once its successor was used, and keeps the session', async () => {
    const login = await logIn(t.app, member.email, member.password);
    const second = (await refresh(login.refreshToken)).body.data!.refreshJwtAuthToken;
    const third = (await refresh(second.refreshToken)).body.data!.refreshJwtAuthToken;
    // Someone else presents the first token: refused, and the member is not logged out.
    expect((await refresh(login.refreshToken)).body.errors?.[0]?.extensions.code).toBe(
      'refresh_token_reused',
    );
    expect((await viewer(third.authToken)).body.data?.viewer?.databaseId).toBe(member.id);
    const fourth = (await refresh(third.refreshToken)).body.data!.refreshJwtAuthToken;
    expect(fourth.refreshToken).toEqual(expect.any(String));
  });

  it('treats an old refresh token presented after the retry minute as a replay', async () => {
    const login = await logIn(t.app, member.email, member.password);
    await refresh(login.refreshToken);
    await t.database.db.execute(
      sql`update refresh_tokens set used_at = now() - interval '2 minutes' where used_at is not null`,
    );
    expect((await refresh(login.refreshToken)).body.errors?.[0]?.extensions.code).toBe(
      'refresh_token_reused',
    );
  });

  it('ends sessions after 7 idle days and after 30 days in all', async () => {
    const idle = await logIn(t.app, member.email, member.password);
    const idleSid = JSON.parse(Buffer.from(idle.authToken.split('.')[1]!, 'base64url').toString())
      .sid as string;
    await t.database.db.execute(
      sql`update sessions set last_used_at = now() - interval '7 days 1 minute' where id = ${idleSid}`,
    );
    expect((await viewer(idle.authToken)).body.errors?.[0]?.extensions.code).toBe(
      'session_revoked',
    );
    expect((await refresh(idle.refreshToken)).body.errors?.[0]?.extensions.code).toBe(
      'session_revoked',
    );

    const old = await logIn(t.app, member.email, member.password);
    const oldSid = JSON.parse(Buffer.from(old.authToken.split('.')[1]!, 'base64url').toString())
      .sid as string;
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where id = ${oldSid}`,
    );
    expect((await viewer(old.authToken)).body.errors?.[0]?.extensions.code).toBe('session_revoked');
  });

  it('logs in an account hashed before passwords were normalised, and moves it to the NFKC hash', async () => {
    // Such accounts were hashed from the password exactly as typed (here with the "ﬁ" ligature).
    const old = await signUp(t.app);
    const raw = 'ﬁne-quiet-harbour-7';
    await t.database.db.execute(
      sql`update users set password_hash = ${await hash(raw, { algorithm: 2 })} where id = ${old.id}`,
    );
    expect((await logIn(t.app, old.email, raw)).user.databaseId).toBe(old.id);
    const [row] = (
      (await t.database.db.execute(
        sql`select password_hash from users where id = ${old.id}`,
      )) as unknown as { rows: { password_hash: string }[] }
    ).rows;
    expect(await verify(row!.password_hash, raw.normalize('NFKC'))).toBe(true);
    // Typed either way, it is the same password now.
    expect((await logIn(t.app, old.email, 'fine-quiet-harbour-7')).user.databaseId).toBe(old.id);
    expect((await logIn(t.app, old.email, raw)).user.databaseId).toBe(old.id);
  });

  it('authwp sets an httpOnly SameSite=Lax session cookie for the signed-in member only', async () => {
    const { authToken } = await logIn(t.app, member.email, member.password);
    const anonymous = await post(t.app, '/api/authwp', { email: member.email });
    expect(anonymous.status).toBe(401);
    const other = await post(
      t.app,
      '/api/authwp',
      { email: 'someone-else@example.com' },
      bearer(authToken),
    );
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('email_mismatch');
    const ok = await post(t.app, '/api/authwp', { email: member.email }, bearer(authToken));
    expect(ok.status).toBe(200);
    const cookie = ok.cookies.find((c) => c.name === COOKIE_NAMES.session);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Not secure in local mode (plain http on localhost); secure otherwise (see config tests).
    expect(cookie?.secure).toBeFalsy();
  });

  it('logout revokes the session server-side, by token or by session cookie', async () => {
    const login = await logIn(t.app, member.email, member.password);
    const out = await post(t.app, '/api/logout', {}, bearer(login.authToken));
    expect(out.status).toBe(200);
    expect(out.cookies.find((c) => c.name === COOKIE_NAMES.session)?.value).toBe('');
    expect((await viewer(login.authToken)).body.errors?.[0]?.extensions.code).toBe(
      'session_revoked',
    );
    expect((await refresh(login.refreshToken)).body.errors?.[0]?.extensions.code).toBe(
      'session_revoked',
    );

    const second = await logIn(t.app, member.email, member.password);
    const cookie = (
      await post(t.app, '/api/authwp', { email: member.email }, bearer(second.authToken))
    ).cookies.find((c) => c.name === COOKIE_NAMES.session)!;
    await post(t.app, '/api/logout', {}, { cookie: `${COOKIE_NAMES.session}=${cookie.value}` });
    expect((await viewer(second.authToken)).body.errors?.[0]?.extensions.code).toBe(
      'session_revoked',
    );
    // Logging out twice is harmless.
    expect((await post(t.app, '/api/logout', {}, bearer(second.authToken))).status).toBe(200);
  });

  it('a session cookie is not accepted where a Bearer token is required', async () => {
    const login = await logIn(t.app, member.email, member.password);
    const cookie = (
      await post(t.app, '/api/authwp', { email: member.email }, bearer(login.authToken))
    ).cookies.find((c) => c.name === COOKIE_NAMES.session)!;
    const asBearer = await viewer(cookie.value);
    expect(asBearer.body.errors?.[0]?.extensions.code).toBe('token_invalid');
    const viaCookie = await graphql<ViewerResult>(
      t.app,
      VIEWER_QUERY,
      {},
      { cookie: `${COOKIE_NAMES.session}=${cookie.value}` },
    );
    expect(viaCookie.body.data?.viewer).toBeNull();
  });
});
