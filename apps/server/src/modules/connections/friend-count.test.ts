import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../../test/database';

/** The trigger of migration 0005 keeps users.friend_count (decision 0030). */
describe('a member’s number of connections', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  /** The rows of a statement (both engines answer `{ rows }`). */
  const run = async (query: ReturnType<typeof sql>) =>
    (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  const member = async (name: string) => {
    const result = await run(
      sql`insert into users (email, username, nickname, password_hash)
          values (${`${name}-${Date.now()}@example.com`}, ${`${name}-${Date.now()}`}, '', 'x')
          returning id`,
    );
    return Number((result.rows[0] as { id: number }).id);
  };
  const counts = async (...ids: number[]) => {
    const result = await run(
      sql`select id, friend_count from users where id in ${sql`(${sql.join(ids, sql`, `)})`}`,
    );
    const byId = new Map(
      (result.rows as { id: number; friend_count: number }[]).map((row) => [
        Number(row.id),
        Number(row.friend_count),
      ]),
    );
    return ids.map((id) => byId.get(id));
  };
  /** What counting the friendships answers: the trigger must always agree with it. */
  const counted = async (id: number) => {
    const result = await run(
      sql`select count(*)::int as n from friendships
          where status = 'accepted' and (requester_id = ${id} or addressee_id = ${id})`,
    );
    return Number((result.rows[0] as { n: number }).n);
  };

  it('follows requests, acceptance, removal and the deletion of the other member', async () => {
    const [ana, ben, cleo] = [await member('ana'), await member('ben'), await member('cleo')];
    await run(sql`insert into friendships (requester_id, addressee_id) values (${ana}, ${ben})`);
    expect(await counts(ana, ben)).toEqual([0, 0]);

    await run(
      sql`update friendships set status = 'accepted', accepted_at = now()
          where requester_id = ${ana} and addressee_id = ${ben}`,
    );
    await run(
      sql`insert into friendships (requester_id, addressee_id, status) values (${cleo}, ${ana}, 'accepted')`,
    );
    expect(await counts(ana, ben, cleo)).toEqual([2, 1, 1]);

    await run(sql`delete from friendships where requester_id = ${ana} and addressee_id = ${ben}`);
    expect(await counts(ana, ben, cleo)).toEqual([1, 0, 1]);

    await run(sql`delete from users where id = ${cleo}`);
    expect(await counts(ana, ben)).toEqual([0, 0]);
    for (const id of [ana, ben]) expect((await counts(id))[0]).toBe(await counted(id));
  });
});
