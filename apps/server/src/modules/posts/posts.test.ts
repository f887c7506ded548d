import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PostListOutput, RICH_TEXT_LIMITS, type PostOutput } from '@attune/contract';
import {
  bearer,
  callAs,
  type CallArgs,
  createTestApp,
  graphql,
  signedInMember,
  type TestApp,
  codeOf,
  signedInMembers,
} from '../../../test/app';
import { statementsSent } from '../../../test/statements';
import { setMemberRoles } from '../auth/service';

type Member = Awaited<ReturnType<typeof signedInMember>>;

let t: TestApp;
let author: Member;
let other: Member;
let moderator: Member;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_IP_MULTIPLIER: '100' });
  [author, other, moderator] = await signedInMembers(t.app, 3);
  await setMemberRoles(t.app.auth, moderator.id, ['area_manager']);
});
afterAll(() => t?.close());

const call = (...args: CallArgs) => callAs(t.app, ...args);
const paragraph = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});
let serial = 0;
/** A post body with a text nobody posted yet (the duplicate rule aside). */
const fresh = (title = 'Mein erstes Jahr mit dem CI', language = 'de') => ({
  title,
  content: paragraph(`Erfahrungen, Teil ${(serial += 1)}`),
  language,
});
/** Publishes as `who`, past the one-post-every-5-seconds limit (it has a test of its own). */
const write = async (who: Member, body: object = fresh(), url = '/api/posts') => {
  await t.app.rateLimits.reset('post:account', String(who.id));
  const response = await call('POST', url, who, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as PostOutput;
};
const postCount = async () =>
  Number(
    (
      (await t.database.db.execute(sql`select count(*)::int as n from posts`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

describe('writing posts and questions', () => {
  it('publishes a post and a question with their author, language and rendered text', async () => {
    const post = await write(author, {
      title: 'Hola a todos',
      content: '<p>Me llamo <b>Ana</b>.</p><script>alert(1)</script>',
      language: 'es',
    });
    expect(post).toMatchObject({
      kind: 'post',
      title: 'Hola a todos',
      content: '<p>Me llamo <strong>Ana</strong>.</p>',
      language: 'es',
      hidden: false,
      mayEdit: true,
      mayDelete: true,
      mayHide: false,
    });
    expect(post.author.id).toBe(author.id);
    const question = await write(
      author,
      fresh('¿Qué procesador usan?', 'es'),
      '/api/posts/question',
    );
    expect(question.kind).toBe('question');
    expect(question.slug).toBe('que-procesador-usan');
  });

  it('makes slugs by the spec’s rule, unique with a number', async () => {
    const slugs = [];
    for (const title of [
      'Über Geräusche & Musik!',
      'Über Geräusche & Musik!',
      'über geräusche  musik',
    ])
      slugs.push((await write(author, fresh(title))).slug);
    expect(slugs).toEqual([
      'uber-gerausche--musik',
      'uber-gerausche--musik-2',
      'uber-gerausche--musik-3',
    ]);
    expect((await write(author, fresh('¿¡…!?'))).slug).toBe('post');
    expect((await write(author, fresh('¿¡…!?'), '/api/posts/question')).slug).toBe('question');
    const long = await write(author, fresh('Ein sehr langer Titel '.repeat(8)));
    expect(long.slug.length).toBeLessThanOrEqual(80);
    expect(long.slug).not.toMatch(/-$/);
  });

  it('refuses bad input with a clear code and writes nothing', async () => {
    const before = await postCount();
    const cases: [object, number, string][] = [
      [{ ...fresh(), title: '   ' }, 400, 'validation_failed'],
      [{ ...fresh(), language: 'fr' }, 400, 'validation_failed'],
      [{ ...fresh(), content: '<p>  </p><script>x</script>' }, 400, 'content_required'],
      [{ ...fresh(), content: { type: 'doc', content: [] } }, 400, 'content_required'],
      [
        { ...fresh(), content: paragraph('x'.repeat(RICH_TEXT_LIMITS.maxChars + 1)) },
        400,
        'content_too_long',
      ],
      [
        {
          ...fresh(),
          content: {
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                content: Array.from({ length: 11 }, (_, i) => ({
                  type: 'mention',
                  attrs: { id: i + 1, label: `m${i}` },
                })),
              },
            ],
          },
        },
        400,
        'too_many_mentions',
      ],
    ];
    for (const [body, status, code] of cases) {
      const response = await call('POST', '/api/posts', author, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(codeOf(response)).toBe(code);
    }
    expect(await postCount()).toBe(before);
  });

  it('names mentioned members as they are called now, and unmentions nobody', async () => {
    const post = await write(author, {
      ...fresh(),
      content: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'mention', attrs: { id: other.id, label: 'admin' } },
              { type: 'text', text: ' und ' },
              { type: 'mention', attrs: { id: 2_000_000_000, label: 'ghost' } },
            ],
          },
        ],
      },
    });
    expect(post.content).toContain(`data-id="${other.id}">@`);
    expect(post.content).not.toContain('@admin');
    expect(post.content).toContain(' und @ghost</p>');
    expect(post.content).not.toContain('2000000000');
  });

  it('allows one post every 5 seconds, and the same text once in 5 minutes', async () => {
    const member = await signedInMember(t.app);
    const body = fresh();
    await write(member, body);
    // The refusal does not depend on the test's wording: a different text, too soon.
    const tooSoon = await call('POST', '/api/posts', member, fresh());
    expect(tooSoon.statusCode).toBe(429);
    expect(codeOf(tooSoon)).toBe('rate_limited');
    await t.app.rateLimits.reset('post:account', String(member.id));
    const again = await call('POST', '/api/posts/question', member, { ...body, title: 'Anders' });
    expect(again.statusCode).toBe(429);
    expect(codeOf(again)).toBe('duplicate_post');
    // Another member may write the same words.
    await write(other, body);
  });

  it('is for signed-in members with write_posts only', async () => {
    expect((await call('POST', '/api/posts', null, fresh())).statusCode).toBe(401);
    expect((await call('POST', '/api/posts/question', null, fresh())).statusCode).toBe(401);
  });
});

describe('who may read, change, delete and hide a post', () => {
  it('lets only the author change or delete; others get 403, visitors 401, and nothing changes', async () => {
    const post = await write(author);
    const change = { title: 'Neuer Titel', content: '<p>Neu</p>' };
    for (const [who, status] of [
      [null, 401],
      [other, 403],
      [moderator, 403],
    ] as const) {
      expect((await call('PATCH', `/api/posts/${post.id}`, who, change)).statusCode).toBe(status);
      expect((await call('DELETE', `/api/posts/${post.id}`, who)).statusCode).toBe(status);
    }
    const unchanged = (await call('GET', `/api/posts/${post.id}`, author)).json() as PostOutput;
    expect(unchanged.title).toBe(post.title);
    expect(unchanged.content).toBe(post.content);

    const changed = await call('PATCH', `/api/posts/${post.id}`, author, change);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      title: 'Neuer Titel',
      content: '<p>Neu</p>',
      slug: post.slug,
    });
    expect((await call('DELETE', `/api/posts/${post.id}`, author)).statusCode).toBe(200);
    expect((await call('GET', `/api/posts/${post.id}`, author)).statusCode).toBe(404);
  });

  it('lets staff hide a post: members no longer find it, its author and staff still do', async () => {
    const post = await write(author);
    for (const [who, status] of [
      [null, 401],
      [other, 403],
      [author, 403],
    ] as const)
      expect(
        (await call('PUT', `/api/posts/${post.id}/hidden`, who, { hidden: true })).statusCode,
      ).toBe(status);
    const hidden = await call('PUT', `/api/posts/${post.id}/hidden`, moderator, { hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ hidden: true, mayHide: true });

    expect((await call('GET', `/api/posts/${post.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/posts/${post.id}`, author)).json()).toMatchObject({
      hidden: true,
    });
    expect((await call('GET', `/api/posts/${post.id}`, moderator)).statusCode).toBe(200);
    expect((await call('GET', `/api/posts/slug/${post.slug}`, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/posts/slug/${post.slug}`, author)).json()).toMatchObject({
      id: post.id,
    });
    const bySlug = (who: Member) =>
      graphql<{ post: { databaseId: number } | null }>(
        t.app,
        'query($id: ID!) { post(id: $id, idType: SLUG) { databaseId } }',
        { id: post.slug },
        bearer(who.token),
      );
    expect((await bySlug(other)).body.data!.post).toBeNull();
    expect((await bySlug(author)).body.data!.post).toEqual({ databaseId: post.id });
    const listed = async (who: Member) =>
      (
        await graphql<{ posts: { nodes: { databaseId: number }[] } }>(
          t.app,
          '{ posts(first: 100) { nodes { databaseId } } }',
          {},
          bearer(who.token),
        )
      ).body.data!.posts.nodes.map((node) => node.databaseId);
    expect(await listed(other)).not.toContain(post.id);
    expect(await listed(author)).toContain(post.id);
    expect(await listed(moderator)).toContain(post.id);

    await call('PUT', `/api/posts/${post.id}/hidden`, moderator, { hidden: false });
    expect((await call('GET', `/api/posts/${post.id}`, other)).statusCode).toBe(200);
  });

  it('answers 404 for a post that does not exist, and 401 to visitors', async () => {
    expect((await call('GET', '/api/posts/2000000000', other)).statusCode).toBe(404);
    expect((await call('GET', '/api/posts/1', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/posts/mine', null)).statusCode).toBe(401);
  });
});

describe('the feed', () => {
  it('holds my posts, my connections’ and staff’s, newest first; nobody else’s, nothing hidden', async () => {
    const [reader, friend, stranger, staff] = await Promise.all([
      signedInMember(t.app),
      signedInMember(t.app),
      signedInMember(t.app),
      signedInMember(t.app),
    ]);
    await setMemberRoles(t.app.auth, staff.id, ['medel_user']);
    await call('POST', '/api/social/friends', reader, { friend_id: friend.id });
    const accepted = await call('POST', '/api/connection/accept-friend', friend, {
      userId: reader.id,
    });
    expect(accepted.statusCode).toBe(200);
    const own = await write(reader);
    const friends = await write(friend);
    const strangers = await write(stranger);
    const announcement = await write(staff);
    const hiddenOne = await write(friend);
    await call('PUT', `/api/posts/${hiddenOne.id}/hidden`, moderator, { hidden: true });

    const feed = (await call('GET', '/api/posts/feed', reader)).json() as PostListOutput;
    const ids = feed.items.map((post) => post.id);
    expect(ids).toEqual(expect.arrayContaining([own.id, friends.id, announcement.id]));
    expect(ids).not.toContain(strangers.id);
    expect(ids).not.toContain(hiddenOne.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await call('GET', '/api/posts/feed', null)).statusCode).toBe(401);

    // A block hides the friend's posts both ways.
    await call('POST', '/api/connection/block', friend, { userId: reader.id });
    const after = (await call('GET', '/api/posts/feed', reader)).json() as PostListOutput;
    expect(after.items.map((post) => post.id)).not.toContain(friends.id);
  });
});

describe('saved posts', () => {
  it('saves and unsaves a post the member may read, lists them newest saved first', async () => {
    const reader = await signedInMember(t.app);
    const [first, second] = [await write(author), await write(other)];
    for (const post of [first, second]) {
      const saved = await call('POST', '/api/posts/saved', reader, { postId: post.id });
      expect(saved.json()).toEqual({ postId: post.id, saved: true });
    }
    // Again is fine; the answer says the post is saved for the reader only.
    expect((await call('POST', '/api/posts/saved', reader, { postId: first.id })).statusCode).toBe(
      200,
    );
    const list = (await call('GET', '/api/posts/saved', reader)).json() as PostListOutput;
    expect(list.items.map((post) => post.id)).toEqual([second.id, first.id]);
    expect(list.items.every((post) => post.saved)).toBe(true);
    expect(((await call('GET', `/api/posts/${first.id}`, author)).json() as PostOutput).saved).toBe(
      false,
    );

    const unsaved = await call('DELETE', `/api/posts/saved/${first.id}`, reader);
    expect(unsaved.json()).toEqual({ postId: first.id, saved: false });
    const after = (await call('GET', '/api/posts/saved', reader)).json() as PostListOutput;
    expect(after.items.map((post) => post.id)).toEqual([second.id]);
  });

  it('refuses to save what the member may not read, and lists no post hidden since', async () => {
    const reader = await signedInMember(t.app);
    const post = await write(author);
    await call('POST', '/api/posts/saved', reader, { postId: post.id });
    await call('PUT', `/api/posts/${post.id}/hidden`, moderator, { hidden: true });
    const list = (await call('GET', '/api/posts/saved', reader)).json() as PostListOutput;
    expect(list.items.map((item) => item.id)).not.toContain(post.id);
    const refused = await call('POST', '/api/posts/saved', other, { postId: post.id });
    expect(refused.statusCode).toBe(404);
    expect(
      (await call('POST', '/api/posts/saved', reader, { postId: 2_000_000_000 })).statusCode,
    ).toBe(404);
    expect((await call('POST', '/api/posts/saved', null, { postId: post.id })).statusCode).toBe(
      401,
    );
    expect((await call('GET', '/api/posts/saved', null)).statusCode).toBe(401);
    await call('PUT', `/api/posts/${post.id}/hidden`, moderator, { hidden: false });
  });
});

describe('lists of posts', () => {
  it('lists my posts newest first, page by page', async () => {
    const member = await signedInMember(t.app);
    const ids: number[] = [];
    for (let i = 0; i < 23; i += 1) ids.push((await write(member)).id);
    const first = (await call('GET', '/api/posts/mine', member)).json() as PostListOutput;
    expect(first.items.map((post) => post.id)).toEqual(ids.slice().reverse().slice(0, 20));
    const second = (
      await call('GET', `/api/posts/mine?cursor=${first.nextCursor}`, member)
    ).json() as PostListOutput;
    expect(second.items.map((post) => post.id)).toEqual(ids.slice().reverse().slice(20));
    expect(second.nextCursor).toBeNull();
    const bad = await call('GET', '/api/posts/mine?cursor=nonsense', member);
    expect(bad.statusCode).toBe(400);
  });

  it('answers GetPosts as WPGraphQL clients send it, with the language filter (default ALL)', async () => {
    const es = await write(author, fresh('Una pregunta', 'es'));
    const en = await write(author, fresh('A question', 'en'));
    const query = `query GetPosts($language: LanguageCodeFilterEnum) {
      posts(first: 50, where: { language: $language }) {
        nodes { id databaseId title content slug }
        pageInfo { hasNextPage endCursor }
      }
    }`;
    const ask = async (language?: string) =>
      (
        await graphql<{ posts: { nodes: { databaseId: number; id: string; slug: string }[] } }>(
          t.app,
          query,
          language ? { language } : {},
          bearer(other.token),
        )
      ).body.data!.posts.nodes;
    const all = await ask();
    expect(all.map((node) => node.databaseId)).toEqual(expect.arrayContaining([es.id, en.id]));
    expect(all.find((node) => node.databaseId === es.id)).toMatchObject({
      id: Buffer.from(`post:${es.id}`).toString('base64'),
      slug: es.slug,
    });
    const spanish = (await ask('ES')).map((node) => node.databaseId);
    expect(spanish).toContain(es.id);
    expect(spanish).not.toContain(en.id);

    const byId = await graphql<{ post: { title: string } }>(
      t.app,
      'query($id: ID!) { post(id: $id) { title } }',
      { id: Buffer.from(`post:${en.id}`).toString('base64') },
      bearer(other.token),
    );
    expect(byId.body.data!.post.title).toBe('A question');
    const anonymous = await graphql(t.app, query);
    expect(anonymous.body.errors?.[0]?.extensions.code).toBe('unauthorized');
  });

  it('sends the editor document when one post is read, never in lists', async () => {
    const post = await write(author);
    expect(post.document).toMatchObject({ type: 'doc' });
    const one = (await call('GET', `/api/posts/${post.id}`, other)).json() as PostOutput;
    expect(one.document).toMatchObject({ type: 'doc' });
    for (const url of ['/api/posts/mine', '/api/posts/feed']) {
      const page = (await call('GET', url, author)).json() as PostListOutput;
      const listed = page.items.find((item) => item.id === post.id);
      expect(listed, url).toBeDefined();
      expect(listed, url).not.toHaveProperty('document');
      expect(listed!.content).toBe(post.content);
    }
  });

  it('reads a page in at most two statements whatever its size, one once its cards are kept (no N+1)', async () => {
    // Every statement sent while the page is read; the session check (cached or not) and the mail
    // worker's polling are not the listing's work, so only statements that read posts count.
    const statements = async (first: number) => {
      let nodes = 0;
      const texts = await statementsSent(t.database.db, async () => {
        const answer = await graphql<{ posts: { nodes: unknown[] } }>(
          t.app,
          `{ posts(first: ${first}) { nodes { databaseId title } } }`,
          {},
          bearer(other.token),
        );
        nodes = answer.body.data!.posts.nodes.length;
      });
      expect(nodes).toBeGreaterThan(first === 50 ? 20 : 0);
      return texts.filter((text) => /"posts"/.test(text)).length;
    };
    // The cards of new posts are not kept yet: the page's ids and marks, then their cards.
    t.app.postCards.clear();
    expect(await statements(2)).toBe(2);
    expect(await statements(50)).toBe(2);
    // Kept now: the page's statement alone.
    expect(await statements(50)).toBe(1);
  });

  /** A public group of the author's (written past the app: only its posts matter here) with one post. */
  const postInNewGroup = async (title: string) => {
    const group = await t.app.database.db.execute(
      sql`insert into groups (slug, name, status, creator_id)
        values (${`${title.toLowerCase()}-${Date.now()}`}, ${title}, 'public', ${author.id})
        returning id`,
    );
    const groupId = (group as unknown as { rows: { id: number }[] }).rows[0]!.id;
    await t.app.database.db.execute(
      sql`insert into group_members (group_id, user_id, status, role)
        values (${groupId}, ${author.id}, 'active', 'admin')`,
    );
    return { groupId, post: await write(author, { ...fresh(title), groupId }) };
  };

  it('writes its pages, from memory or not, exactly as the contract’s PostListOutput', async () => {
    const { groupId } = await postInNewGroup('Seiten');
    const urls = ['/api/posts/mine', '/api/posts/feed', `/api/group/posts?groupId=${groupId}`];
    for (const kept of [false, true]) {
      if (!kept) t.app.postCards.clear();
      for (const url of urls) {
        const response = await call('GET', url, author);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toMatch(/^application\/json/);
        const body = response.json() as PostListOutput;
        expect(body.items.length, url).toBeGreaterThan(0);
        // Parsing keeps only what the schema names: equal means nothing missing, nothing more.
        expect(PostListOutput.parse(body), url).toEqual(body);
      }
    }
  });

  it('shows a change to a listed post, its author or its group at once, whoever made it', async () => {
    const { groupId, post } = await postInNewGroup('Karten');
    const listed = async () => {
      const page = (await call('GET', '/api/posts/mine', author)).json() as PostListOutput;
      return page.items.find((item) => item.id === post.id)!;
    };
    expect((await listed()).title).toBe('Karten');
    expect(t.app.postCards.getCard(post.id)).toBeDefined();
    // Each change is written past the app, as a script or another instance would; the database
    // announces it, and the next page shows it.
    const changes: [
      string,
      () => ReturnType<typeof t.app.database.db.execute>,
      (item: PostOutput) => unknown,
      unknown,
    ][] = [
      [
        'the post',
        () =>
          t.app.database.db.execute(sql`update posts set title = 'Karten 2' where id = ${post.id}`),
        (item) => item.title,
        'Karten 2',
      ],
      [
        'its counts',
        () =>
          t.app.database.db.execute(sql`update posts set comment_count = 7 where id = ${post.id}`),
        (item) => item.commentCount,
        7,
      ],
      [
        'its author',
        () =>
          t.app.database.db.execute(
            sql`update users set first_name = 'Kartenleserin' where id = ${author.id}`,
          ),
        (item) => item.author.name,
        'Kartenleserin',
      ],
      [
        'its group',
        () =>
          t.app.database.db.execute(
            sql`update groups set name = 'Karten-Gruppe' where id = ${groupId}`,
          ),
        (item) => item.group?.name,
        'Karten-Gruppe',
      ],
    ];
    for (const [what, change, shown, expected] of changes) {
      expect(t.app.postCards.getCard(post.id), what).toBeDefined();
      await change();
      await expect.poll(async () => shown(await listed()), { message: what }).toEqual(expected);
    }
  });
});
