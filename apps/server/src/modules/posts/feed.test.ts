import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { PostListOutput } from '@attune/contract';
import {
  callAs,
  type CallArgs,
  createTestApp,
  signedInMember,
  signedInMembers,
  type TestApp,
} from '../../../test/app';
import { statementsSent } from '../../../test/statements';

/**
 * A member's feed (decisions 0039, 0042, 0043): one statement walks its sources' indexes, and it
 * follows every change at once, whoever makes it (nothing of it is kept in memory, decision 0069).
 */
let t: TestApp;
type Member = Awaited<ReturnType<typeof signedInMember>>;
let viewer: Member;
let friend: Member;
let otherFriend: Member;
let pending: Member;
let stranger: Member;
let blocked: Member;
let staff: Member;
let newcomer: Member;
const group = { public: 0, private: 0, unreadable: 0, hidden: 0, joinedLater: 0 };

const run = (query: SQL) => t.database.db.execute(query);
const firstId = async (query: SQL) =>
  ((await run(query)) as unknown as { rows: { id: number }[] }).rows[0]!.id;

let serial = 0;
async function insertPost(
  authorId: number,
  options: { groupId?: number; hidden?: boolean; announcement?: boolean } = {},
) {
  serial += 1;
  const slug = `feed-memory-${serial}`;
  return firstId(sql`insert into posts
      (kind, author_id, language, title, slug, document, html, text, group_id, hidden_at, announcement)
    values (${serial % 3 === 0 ? 'question' : 'post'}, ${authorId}, 'en', ${slug}, ${slug},
      '{"type":"doc","content":[]}'::jsonb, '<p>x</p>', 'x', ${options.groupId ?? null},
      ${options.hidden ? sql`now()` : null}, ${options.announcement ?? false})
    returning id`);
}

const newGroup = (status: string) => {
  serial += 1;
  return firstId(sql`insert into groups (slug, name, status)
    values (${`feed-group-${serial}`}, ${`Group ${serial}`}, ${status}) returning id`);
};
const join = (groupId: number, memberId: number) =>
  run(sql`insert into group_members (group_id, user_id, status, role)
    values (${groupId}, ${memberId}, 'active', 'member')`);
const befriend = (a: number, b: number, status = 'accepted') =>
  run(sql`insert into friendships (requester_id, addressee_id, status, accepted_at)
    values (${a}, ${b}, ${status}, ${status === 'accepted' ? sql`now()` : null})`);

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_IP_MULTIPLIER: '100' });
  [viewer, friend, otherFriend, pending, stranger, blocked, staff, newcomer] =
    await signedInMembers(t.app, 8);
  await befriend(viewer.id, friend.id);
  await befriend(otherFriend.id, viewer.id);
  await befriend(viewer.id, pending.id, 'pending');
  await run(sql`insert into blocks (blocker_id, blocked_id) values (${blocked.id}, ${viewer.id})`);
  group.public = await newGroup('public');
  group.private = await newGroup('private');
  group.unreadable = await newGroup('private');
  group.hidden = await newGroup('hidden');
  group.joinedLater = await newGroup('private');
  for (const id of [group.public, group.private]) await join(id, viewer.id);
  for (const member of [friend, stranger, blocked]) {
    await join(group.public, member.id);
    await join(group.unreadable, member.id);
    await join(group.hidden, member.id);
  }
  await join(group.private, stranger.id);
  // Posts of every kind of source and visibility, interleaved so that every page mixes them.
  const authors = [viewer, friend, otherFriend, pending, stranger, blocked];
  const groups = [undefined, group.public, group.private, group.unreadable, group.hidden];
  for (let index = 0; index < 90; index += 1) {
    const author = authors[index % authors.length]!;
    await insertPost(author.id, {
      groupId: groups[(index * 7) % groups.length],
      hidden: index % 11 === 0,
    });
    if (index % 9 === 0) await insertPost(staff.id, { announcement: true, hidden: index === 27 });
  }
}, 120_000);
afterAll(() => t?.close());

const call = (...args: CallArgs) => callAs(t.app, ...args);
const feedIds = async (who: Member = viewer) => {
  const response = await call('GET', '/api/posts/feed', who);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as PostListOutput).items.map((post) => post.id);
};

describe('a member’s feed', () => {
  it('sends one statement for a page once its cards are kept (no N+1)', async () => {
    // The feed's own statements: the session check and the mail worker's polling are not.
    const feedStatements = async () =>
      (await statementsSent(t.database.db, feedIds)).filter((text) =>
        /posts|friendships|group_members/.test(text),
      );
    t.app.postCards.clear();
    // The page's readable posts from the sources' indexes, then their cards.
    expect(await feedStatements()).toHaveLength(2);
    expect(await feedStatements()).toHaveLength(1);
  });

  it('shows what the member does through the app at once', async () => {
    await t.app.rateLimits.reset('post:account', String(viewer.id));
    const response = await call('POST', '/api/posts', viewer, {
      title: 'Gleich sichtbar',
      content: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Neu' }] }],
      },
      language: 'de',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await feedIds())[0]).toBe((response.json() as { id: number }).id);
  });

  it('follows changes made past the app: new posts, connections and groups', async () => {
    await feedIds();
    // A connection's new post, written as a script or another instance would.
    const friendsPost = await insertPost(friend.id);
    await expect.poll(async () => (await feedIds())[0]).toBe(friendsPost);
    // A new connection's posts join the feed.
    const newcomersPost = await insertPost(newcomer.id);
    await feedIds();
    expect(await feedIds()).not.toContain(newcomersPost);
    await befriend(newcomer.id, viewer.id);
    await expect.poll(async () => (await feedIds()).includes(newcomersPost)).toBe(true);
    // So do the posts of a group the member joins.
    const groupsPost = await insertPost(stranger.id, { groupId: group.joinedLater });
    expect(await feedIds()).not.toContain(groupsPost);
    await join(group.joinedLater, viewer.id);
    await expect.poll(async () => (await feedIds()).includes(groupsPost)).toBe(true);
    // A post moved into one of the member's groups joins it.
    const movedPost = await insertPost(stranger.id, { groupId: group.hidden });
    expect(await feedIds()).not.toContain(movedPost);
    await run(sql`update posts set group_id = ${group.public} where id = ${movedPost}`);
    await expect.poll(async () => (await feedIds()).includes(movedPost)).toBe(true);
  });

  it('never shows, not even once, a post the member may no longer read', async () => {
    const inPrivateGroup = await insertPost(stranger.id, { groupId: group.private });
    const friendsPost = await insertPost(otherFriend.id);
    await expect
      .poll(async () => {
        const ids = await feedIds();
        return [inPrivateGroup, friendsPost].every((id) => ids.includes(id));
      })
      .toBe(true);
    // Each change is made past the app, and the very next page must already leave the post out:
    // memory only proposes candidates; the page's statement decides who may read them.
    await run(sql`update posts set hidden_at = now() where id = ${friendsPost}`);
    expect(await feedIds()).not.toContain(friendsPost);
    await run(
      sql`delete from group_members where group_id = ${group.private} and user_id = ${viewer.id}`,
    );
    expect(await feedIds()).not.toContain(inPrivateGroup);
    const otherFriendsPost = await insertPost(otherFriend.id);
    await expect.poll(async () => (await feedIds()).includes(otherFriendsPost)).toBe(true);
    await run(
      sql`insert into blocks (blocker_id, blocked_id) values (${viewer.id}, ${otherFriend.id})`,
    );
    expect(await feedIds()).not.toContain(otherFriendsPost);
  });
});
