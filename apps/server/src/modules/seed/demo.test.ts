import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, graphql, logIn, type TestApp } from '../../../test/app';
import { listRegions } from '../reference/service';
import { DEMO_ACCOUNTS, DEMO_GROUPS, DEMO_PASSWORD, DEMO_POSTS, seedDemoContent } from './demo';

describe('demo content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('seeds every account once, with every role, and logs in', async () => {
    expect(await seedDemoContent(t.database.db)).toBe(DEMO_ACCOUNTS.length);
    expect(await seedDemoContent(t.database.db)).toBe(0);
    const roles = new Set(DEMO_ACCOUNTS.flatMap((account) => account.roles));
    expect([...roles].sort()).toEqual([
      'area_manager',
      'medel_user',
      'member',
      'mentor',
      'super_admin',
    ]);
    expect(new Set(DEMO_ACCOUNTS.map((account) => account.locale))).toEqual(
      new Set(['en', 'de', 'es']),
    );
    const newcomer = await logIn(t.app, 'newcomer', DEMO_PASSWORD);
    expect(newcomer.user.completedSetup).toBe(false);
    expect((await logIn(t.app, 'mentor@attune.example', DEMO_PASSWORD)).user.completedSetup).toBe(
      true,
    );
  });

  it('seeds posts and questions in every language, each readable on its page', async () => {
    const member = await logIn(t.app, 'member', DEMO_PASSWORD);
    const list = await graphql<{ posts: { nodes: { slug: string; content: string }[] } }>(
      t.app,
      '{ posts(first: 50) { nodes { slug content } } }',
      {},
      { authorization: `Bearer ${member.authToken}` },
    );
    const nodes = list.body.data!.posts.nodes;
    // Every post but those in groups closed to 'member' (the mentors' circle, the staff's room).
    const closed = new Set(
      DEMO_GROUPS.filter(
        (group) => group.status !== 'public' && !group.members.includes('member'),
      ).map((group) => group.name),
    );
    expect(nodes).toHaveLength(
      DEMO_POSTS.filter((post) => !post.group || !closed.has(post.group)).length,
    );
    expect(new Set(DEMO_POSTS.map((post) => post.language))).toEqual(new Set(['en', 'de', 'es']));
    expect(nodes.map((node) => node.slug)).toContain('lohnt-sich-ein-ci-mit-uber-70');
    for (const node of nodes) expect(node.content).toMatch(/^<(p|ul|ol)>/);
  });

  it('seeds groups of every kind, with answers on the questions', async () => {
    const member = await logIn(t.app, 'member', DEMO_PASSWORD);
    const manager = await logIn(t.app, 'manager', DEMO_PASSWORD);
    const names = async (token: string) =>
      (
        (
          await t.app.inject({ url: '/api/groups', headers: { authorization: `Bearer ${token}` } })
        ).json() as {
          items: { name: string; status: string }[];
        }
      ).items.map((group) => group.name);
    const hidden = DEMO_GROUPS.filter((group) => group.status === 'hidden').map((g) => g.name);
    expect(new Set(DEMO_GROUPS.map((group) => group.status))).toEqual(
      new Set(['public', 'private', 'hidden']),
    );
    expect((await names(member.authToken)).sort()).toEqual(
      DEMO_GROUPS.filter((group) => group.status !== 'hidden')
        .map((group) => group.name)
        .sort(),
    );
    expect(await names(manager.authToken)).toEqual(expect.arrayContaining(hidden));
    const question = (
      await t.app.inject({
        url: '/api/posts/slug/lohnt-sich-ein-ci-mit-uber-70',
        headers: { authorization: `Bearer ${member.authToken}` },
      })
    ).json() as { commentCount: number; group: { name: string } };
    expect(question).toMatchObject({ commentCount: 2, group: { name: 'Hören im Alter' } });
  });

  it('shows what happened in the members’ notifications', async () => {
    const kinds = async (username: string) => {
      const login = await logIn(t.app, username, DEMO_PASSWORD);
      const page = (
        await t.app.inject({
          url: '/api/notifications',
          headers: { authorization: `Bearer ${login.authToken}` },
        })
      ).json() as { items: { kind: string; actor: { nickname: string } | null }[] };
      return page.items.map((item) => [item.kind, item.actor?.nickname]);
    };
    expect(await kinds('mentor')).toContainEqual(['group_membership_request', 'Sam Taylor']);
    expect(await kinds('klaus')).toContainEqual(['comment_on_my_post', 'Ingrid Huber']);
    expect(await kinds('member')).toContainEqual(['friend_request', 'Klaus Weber']);
  });

  it('has conversations between connections, one still unread for Maria', async () => {
    const login = await logIn(t.app, 'member', DEMO_PASSWORD);
    const inbox = (
      await t.app.inject({
        url: '/api/messages',
        headers: { authorization: `Bearer ${login.authToken}` },
      })
    ).json() as {
      items: { participants: { nickname: string }[]; unreadCount: number }[];
      totalUnread: number;
    };
    expect(inbox.items.map((item) => [item.participants[0]!.nickname, item.unreadCount])).toEqual([
      ['Sam Taylor', 1],
      ['Miguel Mentor', 0],
    ]);
    expect(inbox.totalUnread).toBe(1);
  });

  it('uses only values the profile form itself would accept', async () => {
    const fields = (await t.app.inject('/api/profile-fields')).json() as {
      name: string;
      type: string;
      options: { value: string }[];
    }[];
    for (const account of DEMO_ACCOUNTS) {
      for (const [name, value] of Object.entries(account.profile ?? {})) {
        const field = fields.find((f) => f.name.toLowerCase() === name);
        expect(field, `${account.username}: ${name}`).toBeDefined();
        if (field!.options.length > 0) {
          for (const item of value.split(','))
            expect(
              field!.options.map((o) => o.value),
              `${account.username}: ${name}`,
            ).toContain(item);
        }
      }
      const { country, region } = account.profile ?? {};
      if (region)
        expect(
          listRegions(country!)!.map((r) => r.name),
          `${account.username}: region`,
        ).toContain(region);
    }
  });

  it('connects some members, so profiles show what connections see', async () => {
    const count = await t.database.db.execute(
      sql`select count(*)::int as n from friendships where status = 'accepted'`,
    );
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThanOrEqual(3);
    const { authToken } = await logIn(t.app, 'sam', DEMO_PASSWORD);
    const maria = await graphql<{
      user: { isFriend: number; extendedProfile: { name: string }[] };
    }>(
      t.app,
      `
        query {
          user(id: "member", idType: USERNAME) {
            isFriend
            extendedProfile {
              name
            }
          }
        }
      `,
      {},
      { authorization: `Bearer ${authToken}` },
    );
    expect(maria.body.data?.user.isFriend).toBe(1);
    expect(maria.body.data?.user.extendedProfile.map((f) => f.name)).toContain('Left ear');
  });
});
