import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_NAMES, LOGIN_MUTATION } from '@attune/contract';
import { bearer, createTestApp, GOOD_PASSWORD, uniqueEmail, type TestApp } from '../../../test/app';
import * as users from '../users/service';
import { hashPassword } from './passwords';

/** One Set-Cookie header, its attributes as the browser reads them. */
interface SetCookie {
  name: string;
  value: string;
  path: string | undefined;
  domain: string | undefined;
  sameSite: string | undefined;
  secure: boolean;
  httpOnly: boolean;
  /** True when the header removes the cookie (expired or Max-Age=0). */
  clears: boolean;
}

function parseSetCookies(header: string | string[] | undefined): SetCookie[] {
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.map((line) => {
    const [pair, ...parts] = line.split(';').map((part) => part.trim());
    const [name, ...value] = pair!.split('=');
    const attributes = new Map(
      parts.map((part) => {
        const [key, ...rest] = part.split('=');
        return [key!.toLowerCase(), rest.join('=')] as const;
      }),
    );
    const expires = attributes.get('expires');
    return {
      name: name!,
      value: value.join('='),
      path: attributes.get('path'),
      domain: attributes.get('domain'),
      sameSite: attributes.get('samesite')?.toLowerCase(),
      secure: attributes.has('secure'),
      httpOnly: attributes.has('httponly'),
      clears:
        attributes.get('max-age') === '0' ||
        (expires !== undefined && new Date(expires).getTime() <= Date.now()),
    };
  });
}

const identity = ({ path, domain, sameSite, secure, httpOnly }: SetCookie) => ({
  path,
  domain,
  sameSite,
  secure,
  httpOnly,
});

/**
 * Runs login, authwp, logout and account deletion as the browser would, and checks that each
 * cookie the server sets is cleared with exactly the attributes it was set with: otherwise the
 * browser keeps it (a refresh cookie set on /graphql survives a clearing on /).
 */
async function checkCookieLifecycle(t: TestApp) {
  const email = uniqueEmail();
  await t.database.db.transaction(async (tx) =>
    users.createMember(tx, {
      email,
      passwordHash: await hashPassword(GOOD_PASSWORD),
      registrationType: 'regular',
      locale: 'en',
    }),
  );
  const login = async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: {
        query: LOGIN_MUTATION,
        variables: { input: { username: email, password: GOOD_PASSWORD } },
      },
    });
    const token = (response.json() as { data: { login: { authToken: string } } }).data.login
      .authToken;
    const authwp = await t.app.inject({
      method: 'POST',
      url: '/api/authwp',
      payload: { email },
      headers: bearer(token),
    });
    return {
      token,
      set: [
        ...parseSetCookies(response.headers['set-cookie']),
        ...parseSetCookies(authwp.headers['set-cookie']),
      ],
    };
  };

  const first = await login();
  const set = new Map(first.set.map((cookie) => [cookie.name, cookie]));
  expect([...set.keys()].sort()).toEqual([COOKIE_NAMES.session, COOKIE_NAMES.refresh].sort());
  expect(set.get(COOKIE_NAMES.refresh)?.path).toBe('/graphql');
  expect(set.get(COOKIE_NAMES.session)?.path).toBe('/');
  for (const cookie of set.values()) expect(cookie.clears).toBe(false);

  const logout = await t.app.inject({
    method: 'POST',
    url: '/api/logout',
    headers: bearer(first.token),
  });
  const second = await login();
  const deleted = await t.app.inject({
    method: 'DELETE',
    url: '/api/delete-user',
    headers: bearer(second.token),
  });
  for (const [step, response] of [
    ['logout', logout],
    ['delete-user', deleted],
  ] as const) {
    expect(response.statusCode, step).toBe(200);
    const cleared = parseSetCookies(response.headers['set-cookie']);
    for (const cookie of set.values()) {
      const clearing = cleared.filter((candidate) => candidate.name === cookie.name);
      expect(clearing, `${step} clears ${cookie.name} once`).toHaveLength(1);
      expect(clearing[0]!.clears, `${step} clears ${cookie.name}`).toBe(true);
      expect(identity(clearing[0]!), `${step} clears ${cookie.name} where it lives`).toEqual(
        identity(cookie),
      );
    }
  }
}

describe('cookies are cleared with the attributes they were set with', () => {
  let local: TestApp;
  let deployed: TestApp;
  beforeAll(async () => {
    local = await createTestApp();
    deployed = await createTestApp({
      LOCAL_MODE: '0',
      PUBLIC_URL: 'https://attune.test',
      // Never reached: no mail is sent in this test.
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
  });
  afterAll(async () => {
    await local.close();
    await deployed.close();
  });

  it('in local mode (not Secure)', async () => {
    await checkCookieLifecycle(local);
  });

  it('outside local mode (Secure)', async () => {
    await checkCookieLifecycle(deployed);
  });

  it('a refused refresh clears the refresh cookie where it lives', async () => {
    const response = await local.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: {
        query: 'mutation { refreshJwtAuthToken(input: {}) { authToken } }',
      },
      cookies: { [COOKIE_NAMES.refresh]: 'not-a-real-token' },
    });
    const refresh = parseSetCookies(response.headers['set-cookie']).find(
      (cookie) => cookie.name === COOKIE_NAMES.refresh,
    );
    expect(refresh).toMatchObject({ clears: true, path: '/graphql', httpOnly: true });
  });
});
