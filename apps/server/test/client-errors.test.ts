import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MUTATION } from '@attune/contract';
import { bearer, createTestApp, graphql, post, signedInMember, type TestApp } from './app';

/** The black-box probe's inputs that answered 500: each is the client's mistake, a 400 with a code. */
describe('client mistakes answer 4xx with a stable code, never 500', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signedInMember(t.app)).token;
  });
  afterAll(() => t.close());

  it('refuses a NUL character in any text field, REST and GraphQL, naming the field', async () => {
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/update-profile',
      headers: bearer(token),
      payload: { firstName: 'Ann\u0000a', description: 'fine' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toMatchObject({
      code: 'validation_failed',
      data: { status: 400, params: { field: 'firstName' } },
    });

    const login = await graphql(t.app, LOGIN_MUTATION, {
      input: { username: 'someone\u0000', password: 'long-enough-password' },
    });
    expect(login.status).toBe(400);
    expect(login.body.errors?.[0]?.extensions).toMatchObject({
      code: 'validation_failed',
      status: 400,
      params: { field: 'variables.input.username' },
    });

    // Written as an escape inside the document, the NUL reaches the database; it refuses it: 400.
    const inline = await graphql(
      t.app,
      'mutation { login(input: { username: "a\\u0000b", password: "long-enough-password" }) { authToken } }',
    );
    expect(inline.body.errors?.[0]?.extensions).toMatchObject({
      code: 'validation_failed',
      status: 400,
    });
  });

  it('refuses ids that are no member id: 2^40, -1, abc', async () => {
    for (const id of [String(2 ** 40), '-1', 'abc', '1e3']) {
      const response = await graphql(
        t.app,
        'query($id: ID!) { user(id: $id) { databaseId } }',
        { id },
        bearer(token),
      );
      expect(response.body.errors?.[0]?.extensions, id).toMatchObject({
        code: 'validation_failed',
        status: 400,
        params: { field: 'id' },
      });
    }
    const avatar = await t.app.inject({
      method: 'POST',
      url: `/api/social/members/${2 ** 40}/avatar`,
      headers: bearer(token),
    });
    expect(avatar.statusCode).toBe(400);
    expect(avatar.json().code).toBe('validation_failed');
  });

  it('answers application/graphql with a JSON body as a bad request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/graphql' },
      payload: JSON.stringify({ query: '{ _version }' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].extensions).toMatchObject({
      code: 'bad_request',
      status: 400,
    });
    // A real GraphQL document in that content type still works.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/graphql' },
      payload: '{ _version }',
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toEqual({ data: { _version: '1' } });
  });

  it('answers 413 request_too_large for a body over the limit, on /graphql and REST', async () => {
    const big = 'a'.repeat(1_100_000);
    const gql = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ _version }', padding: big },
    });
    expect(gql.statusCode).toBe(413);
    expect(gql.json().errors[0].extensions).toMatchObject({
      code: 'request_too_large',
      status: 413,
    });
    const rest = await post(t.app, '/api/send2facode', { email: 'a@example.com', padding: big });
    expect(rest.status).toBe(413);
    expect(rest.body).toMatchObject({ code: 'request_too_large', data: { status: 413 } });
  });

  it('sends Retry-After with a GraphQL 429', async () => {
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    // Each attempt names another member, so only the per-address login limit can stop them.
    for (let i = 0; i < 200 && last?.statusCode !== 429; i += 1) {
      last = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        payload: {
          query: LOGIN_MUTATION,
          variables: { input: { username: `nobody-${i}`, password: 'wrong-password-here' } },
        },
      });
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.json().errors[0].extensions.code).toBe('rate_limited');
    const seconds = Number(last?.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
  });
});
