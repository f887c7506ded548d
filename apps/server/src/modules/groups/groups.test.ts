import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  GROUP_STANDINGS,
  GROUP_STATUSES,
  mayInGroup,
  type GroupListOutput,
  type GroupMembersOutput,
  type GroupMembershipOutput,
  type GroupOutput,
  type PendingMembersOutput,
  type PostListOutput,
  type PostOutput,
  type PublicProfile,
  type SocialGroupOutput,
} from '@attune/contract';
import {
  bearer,
  callAs,
  type CallArgs,
  createTestApp,
  graphql,
  mailsTo,
  signedInMember,
  type TestApp,
  codeOf,
  signedInMembers,
} from '../../../test/app';
import { setMemberRoles } from '../auth/service';
import { notificationsOf } from '../notifications/service';

type Member = Awaited<ReturnType<typeof signedInMember>>;

let t: TestApp;
/** Runs groups; `member` belongs to them; `outsider` does not; `staff` is an area manager. */
let admin: Member;
let member: Member;
let outsider: Member;
let staff: Member;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_IP_MULTIPLIER: '100' });
  [admin, member, outsider, staff] = await signedInMembers(t.app, 4);
  await setMemberRoles(t.app.auth, staff.id, ['area_manager']);
});
afterAll(() => t?.close());

const call = (...args: CallArgs) => callAs(t.app, ...args);
const kindsOf = async (who: Member) =>
  (await notificationsOf(t.database.db, who.id)).map((row) => row.kind);

let serial = 0;
/** Creates a group as `who` (past the groups-a-day limit, which has a test of its own). */
async function create(
  who: Member,
  status: 'public' | 'private' | 'hidden' = 'public',
  name = `Gruppe ${(serial += 1)}`,
) {
  await t.app.rateLimits.reset('group-create:account', String(who.id));
  // The description is kept in the language of the request.
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/social/groups',
    headers: { ...bearer(who.token), 'accept-language': 'de' },
    payload: { name, description: 'Wir tauschen uns aus.', status },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as SocialGroupOutput;
}
const group = async (who: Member, ref: string | number) => call('GET', `/api/group/${ref}`, who);
const join = (who: Member, id: number) =>
  call('POST', `/api/social/groups/${id}/members`, who, { user_id: who.id });
const ask = (who: Member, id: number) =>
  call('POST', '/api/groups/membership-requests', who, { groupId: id });
const answer = (who: Member, id: number, userId: number, action: 'accept' | 'reject') =>
  call('POST', '/api/group/manage-pending-requests', who, { groupId: id, userId, action });
/** Writes a post (in a group when given), past the one-post-every-5-seconds limit. */
async function write(who: Member, groupId?: number, kind: 'post' | 'question' = 'post') {
  await t.app.rateLimits.reset('post:account', String(who.id));
  const response = await call('POST', kind === 'post' ? '/api/posts' : '/api/posts/question', who, {
    title: `Notiz ${(serial += 1)}`,
    content: `<p>Text ${serial}</p>`,
    language: 'de',
    ...(groupId === undefined ? {} : { groupId }),
  });
  return response;
}
async function written(who: Member, groupId?: number, kind: 'post' | 'question' = 'post') {
  const response = await write(who, groupId, kind);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as PostOutput;
}
/** A private group run by `admin` with `member` in it (asked and accepted). */
async function privateGroup() {
  const created = await create(admin, 'private');
  expect((await ask(member, created.id)).statusCode).toBe(200);
  expect((await answer(admin, created.id, member.id, 'accept')).statusCode).toBe(200);
  return created;
}

describe('creating groups', () => {
  it('makes the creator its first admin, with a slug by the spec’s rule', async () => {
    const created = await create(admin, 'public', 'Schöne Tage in Köln!');
    expect(created).toMatchObject({
      slug: 'schone-tage-in-koln',
      status: 'public',
      creator_id: admin.id,
      total_member_count: 1,
      is_member: true,
      description: { raw: 'Wir tauschen uns aus.', rendered: '<p>Wir tauschen uns aus.</p>' },
    });
    const again = await create(member, 'public', 'Schöne Tage in Köln');
    expect(again.slug).toBe('schone-tage-in-koln-2');
    // A name that is one of the API's own paths gets a number.
    expect((await create(member, 'public', 'Posts')).slug).toBe('posts-2');

    const read = (await group(admin, created.slug)).json() as GroupOutput;
    expect(read.descriptions).toEqual({ de: 'Wir tauschen uns aus.' });
    expect(read).toMatchObject({
      id: created.id,
      standing: 'admin',
      memberCount: 1,
      pendingCount: 0,
      may: { read: true, post: true, update: true, manageRequests: true, join: false },
    });
    expect(((await group(admin, created.id)).json() as GroupOutput).slug).toBe(created.slug);
  });

  it('refuses bad input, visitors, hidden groups by members, and a sixth group a day', async () => {
    const bad = await call('POST', '/api/social/groups', admin, { name: ' ', status: 'public' });
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, 'validation_failed']);
    const status = await call('POST', '/api/social/groups', admin, { name: 'X', status: 'open' });
    expect(status.statusCode).toBe(400);
    expect((await call('POST', '/api/social/groups', null, { name: 'X' })).statusCode).toBe(401);
    const hidden = await call('POST', '/api/social/groups', member, {
      name: 'Geheim',
      status: 'hidden',
    });
    expect([hidden.statusCode, codeOf(hidden)]).toEqual([403, 'forbidden']);
    expect((await create(staff, 'hidden')).status).toBe('hidden');

    const busy = await signedInMember(t.app);
    for (let index = 0; index < 5; index += 1)
      expect(
        (await call('POST', '/api/social/groups', busy, { name: `Viel ${index}` })).statusCode,
      ).toBe(201);
    const sixth = await call('POST', '/api/social/groups', busy, { name: 'Noch eine' });
    expect([sixth.statusCode, codeOf(sixth)]).toEqual([429, 'rate_limited']);
  });
});

describe('joining, asking, answering and leaving', () => {
  it('joins a public group at once and leaves it again', async () => {
    const created = await create(admin);
    const joined = await join(member, created.id);
    expect(joined.statusCode).toBe(200);
    expect((joined.json() as GroupMembershipOutput).group).toMatchObject({
      standing: 'member',
      memberCount: 2,
      may: { leave: true, post: true, update: false, join: false },
    });
    expect(codeOf(await join(member, created.id))).toBe('already_member');
    // Only for oneself.
    const forOther = await call('POST', `/api/social/groups/${created.id}/members`, member, {
      user_id: outsider.id,
    });
    expect(forOther.statusCode).toBe(403);
    // A public group is joined, not asked for.
    expect((await ask(outsider, created.id)).statusCode).toBe(403);

    const left = await call(
      'DELETE',
      `/api/social/groups/${created.id}/members/${member.id}`,
      member,
    );
    expect((left.json() as GroupMembershipOutput).group).toMatchObject({
      standing: 'outsider',
      memberCount: 1,
    });
    expect(
      (await call('DELETE', `/api/social/groups/${created.id}/members/${member.id}`, member))
        .statusCode,
    ).toBe(404);
  });

  it('keeps the only admin while others remain', async () => {
    const created = await create(admin);
    await join(member, created.id);
    const left = await call(
      'DELETE',
      `/api/social/groups/${created.id}/members/${admin.id}`,
      admin,
    );
    expect([left.statusCode, codeOf(left)]).toEqual([409, 'last_admin']);
    // Only its admins choose admins; the last one stays.
    const appoint = (who: Member | null, userId: number, admin: boolean) =>
      call('POST', '/api/group/admins', who, { groupId: created.id, userId, admin });
    expect((await appoint(member, member.id, true)).statusCode).toBe(403);
    expect((await appoint(null, member.id, true)).statusCode).toBe(401);
    expect(codeOf(await appoint(admin, admin.id, false))).toBe('last_admin');
    expect((await appoint(admin, outsider.id, true)).statusCode).toBe(404);
    expect((await appoint(admin, member.id, true)).statusCode).toBe(200);
    expect(((await group(member, created.id)).json() as GroupOutput).standing).toBe('admin');
    // With another admin, the first may step down or leave.
    expect((await appoint(admin, admin.id, false)).statusCode).toBe(200);
    expect((await appoint(member, admin.id, true)).statusCode).toBe(200);
    const other = await call(
      'DELETE',
      `/api/social/groups/${created.id}/members/${member.id}`,
      admin,
    );
    expect(other.statusCode).toBe(403);
  });

  it('asks to join a private group; the admins are told and answer', async () => {
    const created = await create(admin, 'private');
    expect((await join(member, created.id)).statusCode).toBe(403);
    const asked = await ask(member, created.id);
    expect((asked.json() as GroupMembershipOutput).group).toMatchObject({
      standing: 'pending',
      may: { cancelRequest: true, read: false },
    });
    expect(codeOf(await ask(member, created.id))).toBe('request_exists');
    expect(await kindsOf(admin)).toContain('group_membership_request');
    expect(
      (await mailsTo(t.app, admin.email)).some((mail) => mail.subject.includes(created.name)),
    ).toBe(true);

    // Only the admins (and staff) see and answer requests.
    for (const who of [member, outsider]) {
      expect(
        (await call('GET', `/api/pending-members?groupId=${created.id}`, who)).statusCode,
      ).toBe(403);
      expect((await answer(who, created.id, member.id, 'accept')).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/pending-members?groupId=${created.id}`, null)).statusCode).toBe(
      401,
    );
    const pending = (
      await call('GET', `/api/pending-members?groupId=${created.id}`, staff)
    ).json() as PendingMembersOutput;
    expect(pending.items.map((item) => item.id)).toEqual([member.id]);
    expect(((await group(admin, created.id)).json() as GroupOutput).pendingCount).toBe(1);

    const accepted = await answer(admin, created.id, member.id, 'accept');
    expect((accepted.json() as GroupMembershipOutput).group.memberCount).toBe(2);
    expect(await kindsOf(member)).toContain('group_membership_accepted');
    expect(((await group(member, created.id)).json() as GroupOutput).standing).toBe('member');
    expect((await answer(admin, created.id, member.id, 'accept')).statusCode).toBe(404);

    // Declined and withdrawn requests leave nothing behind.
    await ask(outsider, created.id);
    expect((await answer(admin, created.id, outsider.id, 'reject')).statusCode).toBe(200);
    expect(((await group(outsider, created.id)).json() as GroupOutput).standing).toBe('outsider');
    await ask(outsider, created.id);
    const withdrawn = await call(
      'DELETE',
      `/api/groups/membership-requests/${created.id}`,
      outsider,
    );
    expect((withdrawn.json() as GroupMembershipOutput).group.standing).toBe('outsider');
    expect(
      (await call('DELETE', `/api/groups/membership-requests/${created.id}`, outsider)).statusCode,
    ).toBe(404);
  });
});

describe('what a private or hidden group keeps to itself', () => {
  it('shows outsiders a private group’s name and about, never its posts or members', async () => {
    const created = await privateGroup();
    const inside = await written(member, created.id);
    const question = await written(member, created.id, 'question');
    expect(inside.group).toEqual({ id: created.id, slug: created.slug, name: created.name });

    const about = (await group(outsider, created.slug)).json() as GroupOutput;
    expect(about).toMatchObject({
      name: created.name,
      description: 'Wir tauschen uns aus.',
      standing: 'outsider',
      pendingCount: null,
      may: { see: true, read: false, request: true, post: false },
    });
    for (const url of [
      `/api/group/posts?groupId=${created.id}`,
      `/api/group/questions?groupId=${created.id}`,
      `/api/group/members?groupId=${created.id}`,
    ]) {
      const refused = await call('GET', url, outsider);
      expect([refused.statusCode, codeOf(refused)], url).toEqual([403, 'group_members_only']);
    }
    for (const url of [
      `/api/posts/${inside.id}`,
      `/api/posts/slug/${inside.slug}`,
      `/api/comments?postId=${question.id}`,
    ])
      expect((await call('GET', url, outsider)).statusCode, url).toBe(404);
    expect(
      (await call('POST', '/api/posts/saved', outsider, { postId: inside.id })).statusCode,
    ).toBe(404);
    const comment = await call('POST', '/api/comments', outsider, {
      postId: inside.id,
      content: '<p>Hallo</p>',
    });
    expect(comment.statusCode).toBe(404);
    const writeIn = await write(outsider, created.id);
    expect([writeIn.statusCode, codeOf(writeIn)]).toEqual([403, 'group_members_only']);

    // Nor through the feed (even as the author's connection) or GraphQL.
    await call('POST', '/api/social/friends', outsider, { friend_id: member.id });
    await call('POST', '/api/connection/accept-friend', member, { userId: outsider.id });
    const feed = (await call('GET', '/api/posts/feed', outsider)).json() as PostListOutput;
    expect(feed.items.map((item) => item.id)).not.toContain(inside.id);
    const listed = await graphql<{ posts: { nodes: { databaseId: number }[] } }>(
      t.app,
      'query { posts(first: 100) { nodes { databaseId } } }',
      {},
      bearer(outsider.token),
    );
    expect(listed.body.data!.posts.nodes.map((node) => node.databaseId)).not.toContain(inside.id);
    const one = await graphql<{ post: unknown }>(
      t.app,
      'query ($id: ID!) { post(id: $id, idType: DATABASE_ID) { databaseId } }',
      { id: String(inside.id) },
      bearer(outsider.token),
    );
    expect(one.body.data!.post).toBeNull();

    // Its members, and staff, read it all.
    for (const who of [member, admin, staff]) {
      const posts = (
        await call('GET', `/api/group/posts?groupId=${created.id}`, who)
      ).json() as PostListOutput;
      expect(posts.items.map((item) => item.id)).toEqual([inside.id]);
      const questions = (
        await call('GET', `/api/group/questions?groupId=${created.id}`, who)
      ).json() as PostListOutput;
      expect(questions.items.map((item) => item.id)).toEqual([question.id]);
      expect((await call('GET', `/api/posts/slug/${inside.slug}`, who)).statusCode).toBe(200);
    }
    // The group's own members see it in their feed.
    const adminFeed = (await call('GET', '/api/posts/feed', admin)).json() as PostListOutput;
    expect(adminFeed.items.map((item) => item.id)).toContain(inside.id);
  });

  it('answers a hidden group to outsiders exactly as a missing one', async () => {
    const hidden = await create(staff, 'hidden');
    const missing = await group(outsider, 999_999);
    for (const response of [
      await group(outsider, hidden.slug),
      await group(outsider, hidden.id),
      await call('GET', `/api/social/groups/${hidden.id}`, outsider),
      await call('GET', `/api/group/posts?groupId=${hidden.id}`, outsider),
      await call('GET', `/api/group/members?groupId=${hidden.id}`, outsider),
      await join(outsider, hidden.id),
      await ask(outsider, hidden.id),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(missing.json());
    }
    const search = (
      await call('GET', `/api/groups?search=${encodeURIComponent(hidden.name)}`, outsider)
    ).json() as GroupListOutput;
    expect(search.items).toEqual([]);
    const found = (
      await call('GET', `/api/groups?search=${encodeURIComponent(hidden.name)}`, staff)
    ).json() as GroupListOutput;
    expect(found.items.map((item) => item.id)).toEqual([hidden.id]);
  });

  it('lets the SQL of the lists and the policy of one post agree with the permission table', async () => {
    // One group of each status; the reader stands in each in every way; a post in each.
    const reader = await signedInMember(t.app);
    for (const status of GROUP_STATUSES) {
      for (const standing of GROUP_STANDINGS) {
        const created = await create(staff, status);
        if (standing === 'admin' || standing === 'member' || standing === 'pending')
          await t.database.db.execute(
            sql.raw(
              `insert into group_members (group_id, user_id, status, role) values (${created.id}, ${reader.id}, '${standing === 'pending' ? 'pending' : 'active'}', '${standing === 'admin' ? 'admin' : 'member'}')`,
            ),
          );
        const inside = await written(staff, created.id);
        const expected = mayInGroup('read', { status, standing }, ['read']);
        const single = await call('GET', `/api/posts/${inside.id}`, reader);
        expect(single.statusCode === 200, `${status} ${standing} one`).toBe(expected);
        const listed = await graphql<{ posts: { nodes: { databaseId: number }[] } }>(
          t.app,
          'query { posts(first: 5) { nodes { databaseId } } }',
          {},
          bearer(reader.token),
        );
        expect(
          listed.body.data!.posts.nodes.some((node) => node.databaseId === inside.id),
          `${status} ${standing} list`,
        ).toBe(expected);
      }
    }
  });
});

describe('posts in groups, the group page and its members', () => {
  it('tells the group’s members of a new post and puts it in their feed', async () => {
    const created = await create(admin);
    await join(member, created.id);
    const before = (await kindsOf(member)).filter((kind) => kind === 'group_post').length;
    const post = await written(admin, created.id);
    expect((await kindsOf(member)).filter((kind) => kind === 'group_post').length).toBe(before + 1);
    expect(
      (await mailsTo(t.app, member.email)).some((mail) => mail.subject.includes(created.name)),
    ).toBe(true);
    const feed = (await call('GET', '/api/posts/feed', member)).json() as PostListOutput;
    expect(feed.items[0]!.id).toBe(post.id);
    // Writing in a public group one is not in: no.
    const refused = await write(outsider, created.id);
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'group_members_only']);
    // Anyone reads a public group's posts.
    const posts = (
      await call('GET', `/api/group/posts?groupId=${created.id}`, outsider)
    ).json() as PostListOutput;
    expect(posts.items.map((item) => item.id)).toEqual([post.id]);
  });

  it('shows a group’s posts only to who may read it, even to their author after leaving', async () => {
    const created = await privateGroup();
    const mine = await written(member, created.id);
    const read = await call('GET', `/api/group/posts?groupId=${created.id}`, member);
    expect((read.json() as PostListOutput).items.map((item) => item.id)).toEqual([mine.id]);
    const left = await call(
      'DELETE',
      `/api/social/groups/${created.id}/members/${member.id}`,
      member,
    );
    expect(left.statusCode).toBe(200);
    // Their own post is in it, yet the group is no longer theirs to read.
    const refused = await call('GET', `/api/group/posts?groupId=${created.id}`, member);
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'group_members_only']);
    // A group one may read with nothing of the kind yet is an empty page, not an error.
    const questions = await call('GET', `/api/group/questions?groupId=${created.id}`, admin);
    expect([questions.statusCode, (questions.json() as PostListOutput).items]).toEqual([200, []]);
    // A group nobody may know of is not found, written in or not.
    const missing = await call('GET', '/api/group/posts?groupId=999999', member);
    expect(missing.statusCode).toBe(404);
    const hidden = await create(staff, 'hidden');
    await written(staff, hidden.id);
    const unseen = await call('GET', `/api/group/posts?groupId=${hidden.id}`, outsider);
    expect(unseen.statusCode).toBe(404);
  });

  it('lists the members with the directory’s entries, their place and its search', async () => {
    const created = await privateGroup();
    const page = (
      await call('GET', `/api/group/members?groupId=${created.id}`, member)
    ).json() as GroupMembersOutput;
    expect(page.items.map((item) => [item.id, item.groupRole]).sort()).toEqual(
      [
        [admin.id, 'admin'],
        [member.id, 'member'],
      ].sort(),
    );
    expect(page.items[0]).toHaveProperty('isFriend');
    const adminEntry = async () =>
      (
        (
          await call('GET', `/api/group/members?groupId=${created.id}`, member)
        ).json() as GroupMembersOutput
      ).items.find((item) => item.id === admin.id);
    await adminEntry();
    // A request the admin sends shows on the member's next page (the statement reads it).
    const asked = await call('POST', '/api/social/friends', admin, { friend_id: member.id });
    expect(asked.statusCode).toBe(200);
    expect(await adminEntry()).toMatchObject({ isFriend: 4, isPending: true });
    const none = (
      await call('GET', `/api/group/members?groupId=${created.id}&search=zzzzqq`, member)
    ).json() as GroupMembersOutput;
    expect(none.items).toEqual([]);
    expect((await call('GET', `/api/group/members?groupId=${created.id}`, null)).statusCode).toBe(
      401,
    );
  });

  it('lets its admins and staff change it, nobody else', async () => {
    const created = await privateGroup();
    const change = (who: Member, body: object) =>
      call('POST', '/api/group/update', who, { groupId: created.id, ...body });
    for (const who of [member, outsider]) {
      const refused = await change(who, { name: 'Übernommen' });
      expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'forbidden']);
    }
    expect((await change(admin, {})).statusCode).toBe(400);
    expect((await change(admin, { coverImageUrl: 'https://evil.example/x.png' })).statusCode).toBe(
      400,
    );
    const changed = await change(admin, {
      name: 'Neuer Name',
      descriptions: { en: 'We talk.', es: 'Hablamos.' },
      coverImageUrl: '/media/posts/1/cover.webp',
      status: 'public',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Neuer Name',
      status: 'public',
      coverImageUrl: '/media/posts/1/cover.webp',
      descriptions: { de: 'Wir tauschen uns aus.', en: 'We talk.', es: 'Hablamos.' },
    });
    const inSpanish = await t.app.inject({
      method: 'GET',
      url: `/api/group/${created.id}`,
      headers: { ...bearer(outsider.token), 'accept-language': 'es' },
    });
    expect((inSpanish.json() as GroupOutput).description).toBe('Hablamos.');
    // Only staff hide a group.
    expect((await change(admin, { status: 'hidden' })).statusCode).toBe(403);
    // Made private again, it has requests; made public, it takes in whoever waited; made
    // hidden, requests are dropped.
    expect((await change(admin, { status: 'private' })).statusCode).toBe(200);
    const [waiting, late] = await signedInMembers(t.app, 2);
    await ask(waiting, created.id);
    const opened = (await change(admin, { status: 'public' })).json() as GroupOutput;
    expect(opened.pendingCount).toBe(0);
    expect(((await group(waiting, created.id)).json() as GroupOutput).standing).toBe('member');
    await change(admin, { status: 'private' });
    await ask(late, created.id);
    expect((await change(staff, { status: 'hidden' })).statusCode).toBe(200);
    expect((await group(outsider, created.id)).statusCode).toBe(404);
    expect((await group(late, created.id)).statusCode).toBe(404);
    expect(((await group(admin, created.id)).json() as GroupOutput).pendingCount).toBe(0);
  });

  it('lists groups by name: all, mine, and a search, page by page', async () => {
    const mine = await create(outsider, 'private', `Zz Suche ${Date.now()}`);
    const all = (
      await call('GET', '/api/groups?search=zz%20suche', member)
    ).json() as GroupListOutput;
    expect(all.items.map((item) => item.id)).toContain(mine.id);
    const own = (await call('GET', '/api/groups/me', outsider)).json() as GroupListOutput;
    expect(own.items.every((item) => item.standing !== 'outsider')).toBe(true);
    expect(own.items.map((item) => item.id)).toContain(mine.id);
    const postable = (await call('GET', '/api/group/groups', outsider)).json() as GroupListOutput;
    expect(postable.items.every((item) => item.may.post)).toBe(true);

    const first = (await call('GET', '/api/groups', staff)).json() as GroupListOutput;
    expect(first.items).toHaveLength(20);
    const names = first.items.map((item) => item.name.toLowerCase());
    expect([...names].sort()).toEqual(names);
    const second = (
      await call('GET', `/api/groups?cursor=${first.nextCursor}`, staff)
    ).json() as GroupListOutput;
    expect(second.items[0]!.name.toLowerCase() >= names.at(-1)!).toBe(true);
    expect((await call('GET', '/api/groups?cursor=nonsense', staff)).statusCode).toBe(400);
  });
});

describe('groups elsewhere', () => {
  it('fills the profile’s groups and similar groups, hiding hidden ones', async () => {
    const reader = await signedInMember(t.app);
    const person = await signedInMember(t.app);
    const shared = await create(person);
    await join(reader, shared.id);
    const hidden = await create(staff, 'hidden');
    await t.database.db.execute(
      sql.raw(
        `insert into group_members (group_id, user_id, status) values (${hidden.id}, ${person.id}, 'active')`,
      ),
    );
    const profile = (
      await call('GET', `/api/user?id=${person.id}`, reader)
    ).json() as PublicProfile;
    expect(profile.groups.map((item) => item.id)).toEqual([shared.id]);
    expect(profile.similarGroups.map((item) => item.id)).toEqual([shared.id]);
    const own = (await call('GET', `/api/user?id=${person.id}`, person)).json() as PublicProfile;
    expect(own.groups.map((item) => item.id).sort()).toEqual([shared.id, hidden.id].sort());
    expect(own.similarGroups).toEqual([]);
    const viaGraphql = await graphql<{
      user: { groups: { databaseId: number }[]; similarGroups: { slug: string }[] };
    }>(
      t.app,
      'query ($id: ID!) { user(id: $id) { groups { databaseId } similarGroups { slug } } }',
      { id: String(person.id) },
      bearer(reader.token),
    );
    expect(viaGraphql.body.data!.user.groups).toEqual([{ databaseId: shared.id }]);
    expect(viaGraphql.body.data!.user.similarGroups).toEqual([{ slug: shared.slug }]);
  });

  it('lets members who share a group ask each other to connect under `shared_group`', async () => {
    const [one, two] = [await signedInMember(t.app), await signedInMember(t.app)];
    await call('PATCH', '/api/connection/settings', two, { requestsFrom: 'shared_group' });
    const ask = () => call('POST', '/api/social/friends', one, { friend_id: two.id });
    expect(codeOf(await ask())).toBe('requests_not_accepted');
    const created = await create(two);
    await join(one, created.id);
    expect((await ask()).statusCode).toBe(200);
  });

  it('exports a member’s groups, and a deleted account leaves its groups’ counts', async () => {
    const leaving = await signedInMember(t.app);
    const created = await create(admin);
    await join(leaving, created.id);
    const exported = (await call('GET', '/api/me/export', leaving)).json() as {
      groups: { groupId: number; status: string; role: string }[];
    };
    expect(exported.groups).toEqual([
      expect.objectContaining({ groupId: created.id, status: 'active', role: 'member' }),
    ]);
    expect(((await group(admin, created.id)).json() as GroupOutput).memberCount).toBe(2);
    await t.database.db.execute(sql.raw(`delete from users where id = ${leaving.id}`));
    expect(((await group(admin, created.id)).json() as GroupOutput).memberCount).toBe(1);
  });
});
