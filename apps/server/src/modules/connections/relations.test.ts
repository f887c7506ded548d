import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../../test/database';
import { RelationsCache, relationsOf } from './relations';
import { friendshipColumn, type FriendshipState } from './repository';

/**
 * A viewer's relations read once (decision 0063) answer what the SQL rules answer member by member:
 * friendshipColumn for how they stand to each member, blockedEitherWay for the blocks.
 */
describe('a viewer’s relations', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const run = async <Row>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
  let serial = 0;
  const member = async () => {
    serial += 1;
    const tag = `rel-${serial}-${Date.now()}`;
    const [row] = await run<{ id: number }>(
      sql`insert into users (email, username, nickname, password_hash)
          values (${`${tag}@example.com`}, ${tag}, ${tag}, 'x') returning id`,
    );
    return Number(row!.id);
  };
  const befriend = (requester: number, addressee: number, status: 'accepted' | 'pending') =>
    run(sql`insert into friendships (requester_id, addressee_id, status)
      values (${requester}, ${addressee}, ${status})`);
  const block = (blocker: number, blocked: number) =>
    run(sql`insert into blocks (blocker_id, blocked_id) values (${blocker}, ${blocked})`);

  it('answer each member as friendshipColumn does, and list the blocks both ways', async () => {
    const viewer = await member();
    const [asked, askedBy, connectedTo, connectedFrom, stranger, blockedByViewer, blockerOfViewer] =
      await Promise.all(Array.from({ length: 7 }, member));
    await befriend(viewer, asked!, 'pending');
    await befriend(askedBy!, viewer, 'pending');
    await befriend(viewer, connectedTo!, 'accepted');
    await befriend(connectedFrom!, viewer, 'accepted');
    // Relations between others are not the viewer's.
    await befriend(asked!, stranger!, 'accepted');
    await block(viewer, blockedByViewer!);
    await block(blockerOfViewer!, viewer);

    const relations = await relationsOf(database.db, viewer);
    const everyone = [viewer, asked!, askedBy!, connectedTo!, connectedFrom!, stranger!];
    const inSql = await run<{ id: number; friendship: FriendshipState | null }>(
      sql`select u.id, ${friendshipColumn(sql`${viewer}`, sql`u.id`)} as friendship
        from users u where u.id in (${sql.join(everyone, sql`, `)})`,
    );
    expect(inSql).toHaveLength(everyone.length);
    for (const row of inSql)
      expect(relations.friendshipWith(Number(row.id)), `member ${row.id}`).toBe(row.friendship);
    expect(relations.friendshipWith(connectedTo!)).toBe('accepted');
    expect(relations.friendshipWith(connectedFrom!)).toBe('accepted');
    expect(relations.friendshipWith(asked!)).toBe('sent');
    expect(relations.friendshipWith(askedBy!)).toBe('received');
    expect(relations.friendshipWith(viewer)).toBeNull();
    expect(relations.friendshipWith(stranger!)).toBeNull();
    expect([...relations.circle].sort((a, b) => a - b)).toEqual(
      [viewer, connectedTo!, connectedFrom!].sort((a, b) => a - b),
    );
    expect([...relations.related].sort((a, b) => a - b)).toEqual(
      [asked!, askedBy!, connectedTo!, connectedFrom!].sort((a, b) => a - b),
    );
    expect([...relations.blocked].sort((a, b) => a - b)).toEqual(
      [blockedByViewer!, blockerOfViewer!].sort((a, b) => a - b),
    );
  });

  it('are kept until a change to the member is announced, and read again then', async () => {
    const cache = new RelationsCache();
    cache.available = true;
    const viewer = await member();
    const other = await member();
    const first = await relationsOf(database.db, viewer, cache);
    expect(await relationsOf(database.db, viewer, cache)).toBe(first);
    await befriend(other, viewer, 'pending');
    // What the announcement of that friendship does (migration 0006: both members are named).
    cache.forgetMembers([other, viewer]);
    const after = await relationsOf(database.db, viewer, cache);
    expect(after).not.toBe(first);
    expect(after.friendshipWith(other)).toBe('received');
  });

  it('are never kept while the announcements cannot be heard', async () => {
    const cache = new RelationsCache();
    const viewer = await member();
    const first = await relationsOf(database.db, viewer, cache);
    expect(await relationsOf(database.db, viewer, cache)).not.toBe(first);
  });
});
