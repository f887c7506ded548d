import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { capabilitiesFor } from '@attune/contract';
import { errorHandlerPlugin } from './error-handler';
import { accessPlugin, declareAccess } from './access';

const TOKENS = { registerToken: 'register-token-0123456789', recoverToken: 'recover-0123456789' };

/**
 * A bare app with the access plugin and a stand-in for the auth plugin: the bearer `member` is a
 * member, `admin` a super_admin, anything else nobody. Log lines are kept for the assertions.
 */
async function appWith(
  register: (app: FastifyInstance) => void | Promise<void>,
  options: { metricsToken?: string; localMode?: boolean } = {},
) {
  const logs: { level: number; msg: string; url?: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'error', stream } });
  await app.register(accessPlugin, { ...TOKENS, localMode: false, ...options });
  await app.register(errorHandlerPlugin);
  app.decorate('principalOf', async (request) => {
    const roles = { 'Bearer member': ['member'], 'Bearer admin': ['super_admin'] }[
      request.headers.authorization ?? ''
    ];
    return roles
      ? {
          userId: 1,
          sessionId: 's',
          tokenExpiresAt: 0,
          roles,
          capabilities: capabilitiesFor(roles),
        }
      : null;
  });
  await register(app);
  await app.ready();
  opened.push(app);
  return { app, logs };
}
const opened: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

const ok = async () => ({ ok: true });

describe('access rules on routes (deny by default)', () => {
  it('refuses a route registered without a declaration, and logs it as a programming error', async () => {
    let ran = false;
    const { app, logs } = await appWith((app) => {
      app.get('/forgotten', async () => {
        ran = true;
        return { ok: true };
      });
    });
    for (const authorization of [undefined, 'Bearer member', 'Bearer admin']) {
      const response = await app.inject({
        method: 'GET',
        url: '/forgotten',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'forbidden', data: { status: 403 } });
    }
    expect(ran).toBe(false);
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: 50,
        url: '/forgotten',
        msg: expect.stringMatching(/no access rule/),
      }),
    );
    expect(app.accessTable()).toContainEqual({
      method: 'GET',
      url: '/forgotten',
      access: '(none)',
    });
  });

  it('lets anyone through a public route, and only members through a member route', async () => {
    const { app } = await appWith((app) => {
      app.get('/open', { config: { access: 'public' } }, ok);
      app.get('/members', { config: { access: 'member' } }, async (request) => ({
        userId: request.principal?.userId,
      }));
    });
    expect((await app.inject({ url: '/open' })).statusCode).toBe(200);
    const anonymous = await app.inject({ url: '/members' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthorized');
    const member = await app.inject({
      url: '/members',
      headers: { authorization: 'Bearer member' },
    });
    expect(member.json()).toEqual({ userId: 1 });
  });

  it('asks a capability of the principal: 401 for nobody, 403 without it', async () => {
    const { app } = await appWith((app) => {
      app.post('/manage', { config: { access: { capability: 'manage_users' } } }, ok);
    });
    const as = (authorization?: string) =>
      app.inject({
        method: 'POST',
        url: '/manage',
        headers: authorization ? { authorization } : {},
      });
    expect((await as()).statusCode).toBe(401);
    expect((await as('Bearer member')).statusCode).toBe(403);
    expect((await as('Bearer member')).json().code).toBe('forbidden');
    expect((await as('Bearer admin')).statusCode).toBe(200);
  });

  it('checks the public register and recover tokens', async () => {
    const { app } = await appWith((app) => {
      app.post('/register', { config: { access: { publicToken: 'register' } } }, ok);
    });
    const as = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/register',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await as(TOKENS.registerToken)).statusCode).toBe(200);
    expect((await as(TOKENS.recoverToken)).statusCode).toBe(401);
  });

  it('answers loopback-only routes from this machine only, 404 to anyone else', async () => {
    const { app } = await appWith((app) => {
      app.get('/dev/thing', { config: { access: 'loopback' } }, ok);
    });
    expect((await app.inject({ url: '/dev/thing' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/dev/thing', remoteAddress: '203.0.113.9' })).statusCode).toBe(
      404,
    );
    const forwarded = await app.inject({
      url: '/dev/thing',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forwarded.statusCode).toBe(404);
  });

  it('opens the metrics rule to the metrics token only (401 with a token set, else 404)', async () => {
    const { app } = await appWith(
      (app) => {
        app.get('/metrics', { config: { access: 'metrics' } }, ok);
      },
      { metricsToken: 'scrape-0123456789' },
    );
    expect(
      (
        await app.inject({
          url: '/metrics',
          headers: { authorization: 'Bearer scrape-0123456789' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const { app: tokenless } = await appWith((app) => {
      app.get('/metrics', { config: { access: 'metrics' } }, ok);
    });
    expect((await tokenless.inject({ url: '/metrics' })).statusCode).toBe(404);
  });

  it('gives a third-party plugin’s routes the rule declared where it is registered', async () => {
    const { app } = await appWith(async (app) => {
      await app.register(async (scope) => {
        declareAccess(scope, 'public');
        await scope.register(async (thirdParty) => {
          thirdParty.get('/docs', ok);
          thirdParty.get('/docs/private', { config: { access: 'member' } }, ok);
        });
      });
    });
    expect((await app.inject({ url: '/docs' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/docs' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/docs/private' })).statusCode).toBe(401);
  });
});
