import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { bearer, createTestApp, graphql, signedInMember, type TestApp } from '../../../test/app';
import { openTestDatabase } from '../../../test/database';
import {
  eventually,
  setFirstName,
  USER_QUERY,
  type UserAnswer,
} from './profile-cache.test-helpers';

// PostgreSQL only (decision 0031): several instances on one database, and a lost listening connection.
describe('kept profiles on PostgreSQL', () => {
  let database: Database;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase();
    // One secret, as instances behind one load balancer share: a token works on both.
    const env = { AUTH_SECRET: randomBytes(32).toString('base64url') };
    first = await createTestApp(env, { database });
    second = await createTestApp(env, { database });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.close();
  });

  const userOn = async (instance: TestApp, token: string, id: number) =>
    (await graphql<UserAnswer>(instance.app, USER_QUERY, { id: String(id) }, bearer(token))).body
      .data?.user;

  it('applies a change made through the other instance, though it had the profile in memory', async () => {
    const viewer = await signedInMember(first.app);
    const member = await signedInMember(first.app);
    await userOn(first, viewer.token, member.id);
    expect(first.app.profileCache.getProfile(viewer.id, member.id)).toBeDefined();

    const changed = await second.app.inject({
      method: 'PUT',
      url: '/api/update-profile',
      payload: { firstName: 'Consuelo' },
      headers: bearer(member.token),
    });
    expect(changed.statusCode).toBe(200);
    expect(
      await eventually(
        async () => (await userOn(first, viewer.token, member.id))?.firstName === 'Consuelo',
      ),
    ).toBe(true);
  });

  it('reads the database while its listening connection is away, and listens again', async () => {
    const viewer = await signedInMember(first.app);
    const member = await signedInMember(first.app);
    await userOn(first, viewer.token, member.id);
    expect(first.app.profileCache.getProfile(viewer.id, member.id)).toBeDefined();

    // As a failover would: the server ends every listening connection.
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name like '%(listen)'`,
    );
    expect(await eventually(async () => !first.app.profileCache.available)).toBe(true);
    // Changed while nobody listens: no announcement will ever come.
    await setFirstName(database, member.id, 'Radost');
    expect((await userOn(first, viewer.token, member.id))?.firstName).toBe('Radost');

    expect(await eventually(async () => first.app.profileCache.available)).toBe(true);
    await userOn(first, viewer.token, member.id);
    expect(first.app.profileCache.getProfile(viewer.id, member.id)?.user.firstName).toBe('Radost');
    await setFirstName(database, member.id, 'Zofia');
    expect(
      await eventually(
        async () => (await userOn(first, viewer.token, member.id))?.firstName === 'Zofia',
      ),
    ).toBe(true);
  });
});
