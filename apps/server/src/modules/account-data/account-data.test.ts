import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  HEALTH_CONSENT_VERSION,
  NOTIFICATION_PREFERENCE_DEFAULTS,
  SPEC_SNACKBAR_KEYS,
  VIEWER_QUERY,
} from '@attune/contract';
import {
  bearer,
  createTestApp,
  graphql,
  post,
  signedInMember,
  TEST_TOKENS,
  type TestApp,
} from '../../../test/app';

/** Publishes a post or question (in German) as the member with this token. */
async function writePost(
  app: TestApp['app'],
  token: string,
  url: string,
  title: string,
  content: string,
) {
  const written = await app.inject({
    method: 'POST',
    url,
    payload: { title, content, language: 'de' },
    headers: bearer(token),
  });
  expect(written.statusCode).toBe(201);
}

describe('notification preferences, data export and account deletion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const member = () => signedInMember(t.app);
  const preferences = (token?: string) =>
    t.app.inject({ url: '/api/notifications/preferences', headers: token ? bearer(token) : {} });
  const patch = (body: object, token?: string) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/preferences',
      payload: body,
      headers: token ? bearer(token) : {},
    });

  it('answers every setting with its default, and switches one key at a time', async () => {
    const me = await member();
    expect((await preferences(me.token)).json()).toEqual(NOTIFICATION_PREFERENCE_DEFAULTS);
    const changed = await patch({ key: 'weekly_digest', value: true }, me.token);
    expect(changed.json()).toEqual({
      message: SPEC_SNACKBAR_KEYS.notificationSettingUpdated,
      preferences: { ...NOTIFICATION_PREFERENCE_DEFAULTS, weekly_digest: true },
    });
    await patch({ key: 'new_message', value: false }, me.token);
    expect((await preferences(me.token)).json()).toMatchObject({
      weekly_digest: true,
      new_message: false,
      mention: true,
    });
    // Another member's settings are untouched.
    const other = await member();
    expect((await preferences(other.token)).json()).toEqual(NOTIFICATION_PREFERENCE_DEFAULTS);
  });

  it('refuses unknown keys, non-boolean values and anonymous callers', async () => {
    const me = await member();
    expect((await patch({ key: 'shoe_size', value: true }, me.token)).statusCode).toBe(400);
    expect((await patch({ key: 'mention', value: 'yes' }, me.token)).statusCode).toBe(400);
    expect((await preferences()).statusCode).toBe(401);
    expect((await patch({ key: 'mention', value: false })).statusCode).toBe(401);
  });

  it('exports everything about the member as a JSON download, and nothing secret', async () => {
    const me = await member();
    await t.app.inject({
      method: 'PUT',
      url: '/api/update-profile',
      headers: bearer(me.token),
      payload: {
        leftEar: 'cochlear-implant',
        headline: 'Hi',
        healthConsent: { accepted: true, version: HEALTH_CONSENT_VERSION },
      },
    });
    await patch({ key: 'mention', value: false }, me.token);
    await writePost(t.app, me.token, '/api/posts', 'Mein Weg', '<p>Seit einem Jahr mit CI.</p>');
    const answer = await t.app.inject({ url: '/api/me/export', headers: bearer(me.token) });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="attune-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = answer.json();
    expect(data.account).toMatchObject({ id: me.id, email: me.email });
    expect(data.healthDataConsent).toMatchObject({ textVersion: HEALTH_CONSENT_VERSION });
    expect(data.profileFields).toContainEqual({
      name: 'Left ear',
      value: 'cochlear-implant',
      visibility: 'connections',
    });
    expect(data.notificationPreferences.mention).toBe(false);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.posts).toEqual([
      expect.objectContaining({
        title: 'Mein Weg',
        text: 'Seit einem Jahr mit CI.',
        hidden: false,
      }),
    ]);
    const text = answer.body;
    expect(text).not.toMatch(/argon2|password_?hash/i);
    expect(text).not.toContain(me.refreshToken);
    expect((await t.app.inject({ url: '/api/me/export' })).statusCode).toBe(401);
  });

  it('deletes the account for good: no personal data left in any table, sessions ended, cannot log in', async () => {
    const me = await member();
    const friend = await member();
    await t.app.inject({
      method: 'PUT',
      url: '/api/update-profile',
      headers: bearer(me.token),
      payload: {
        nickname: `Delete Me ${me.id}`,
        leftEar: 'hearing-aid',
        healthConsent: { accepted: true, version: HEALTH_CONSENT_VERSION },
      },
    });
    await patch({ key: 'mention', value: false }, me.token);
    await t.database.db.execute(
      sql`insert into friendships (requester_id, addressee_id, status) values (${me.id}, ${friend.id}, 'pending')`,
    );
    await writePost(t.app, me.token, '/api/posts/question', 'Frage', '<p>Wer kennt das?</p>');
    // A conversation with the friend, and a support request sent signed out with the address.
    await t.database.db.execute(
      sql`update friendships set status = 'accepted' where requester_id = ${me.id}`,
    );
    const message = await t.app.inject({
      method: 'POST',
      url: '/api/social/messages',
      headers: bearer(me.token),
      payload: { recipients: [friend.id], message: `Nachricht von Delete Me ${me.id}` },
    });
    expect(message.statusCode, message.body).toBe(201);
    const help = await t.app.inject({
      method: 'POST',
      url: '/api/support/contact',
      payload: {
        formId: 'privacy',
        name: `Delete Me ${me.id}`,
        email: me.email,
        message: 'Bitte löschen Sie alles.',
      },
    });
    expect(help.statusCode, help.body).toBe(201);
    await post(
      t.app,
      '/api/recoverpassword',
      { email: me.email },
      { authorization: `Bearer ${TEST_TOKENS.recover}` },
    );

    expect((await t.app.inject({ method: 'DELETE', url: '/api/delete-user' })).statusCode).toBe(
      401,
    );
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/delete-user',
      headers: bearer(me.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: SPEC_SNACKBAR_KEYS.accountDeleted });

    // Query every table for anything that still points at the member.
    const tables = (await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    expect(tables.rows.length).toBeGreaterThanOrEqual(9);
    for (const { table_name: table } of tables.rows) {
      const rows = (await t.database.db.execute(
        sql.raw(`select * from "${table}"`),
      )) as unknown as { rows: Record<string, unknown>[] };
      for (const row of rows.rows) {
        const text = JSON.stringify(row);
        expect(text, `${table} still holds the e-mail`).not.toContain(me.email);
        expect(text, `${table} still holds the nickname`).not.toContain(`Delete Me ${me.id}`);
        for (const column of [
          'user_id',
          'requester_id',
          'addressee_id',
          'updated_by',
          'author_id',
          'sender_id',
        ]) {
          if (column in row) expect(row[column], `${table}.${column}`).not.toBe(me.id);
        }
        if (table === 'users') expect(row.id).not.toBe(me.id);
      }
    }
    expect(
      (await graphql(t.app, VIEWER_QUERY, {}, bearer(me.token))).body.errors?.[0]?.extensions.code,
    ).toBe('session_revoked');
    const login = await graphql(
      t.app,
      'mutation L($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { authToken } }',
      { u: me.email, p: me.password },
    );
    expect(login.body.errors?.[0]?.extensions.code).toBe('login_failed');
    // The friend is untouched.
    expect((await graphql(t.app, VIEWER_QUERY, {}, bearer(friend.token))).body.data).toMatchObject({
      viewer: { databaseId: friend.id },
    });
  });
});
