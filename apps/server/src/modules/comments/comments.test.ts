import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentListOutput, CommentOutput, PostOutput } from '@attune/contract';
import {
  callAs,
  type CallArgs,
  createTestApp,
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
let asker: Member;
let helper: Member;
let third: Member;
let moderator: Member;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_IP_MULTIPLIER: '100' });
  [asker, helper, third, moderator] = await signedInMembers(t.app, 4);
  await setMemberRoles(t.app.auth, moderator.id, ['area_manager']);
});
afterAll(() => t?.close());

const call = (...args: CallArgs) => callAs(t.app, ...args);
const html = (text: string) => `<p>${text}</p>`;
let serial = 0;

async function ask(who: Member = asker, kind: 'post' | 'question' = 'question') {
  await t.app.rateLimits.reset('post:account', String(who.id));
  const response = await call(
    'POST',
    kind === 'question' ? '/api/posts/question' : '/api/posts',
    who,
    {
      title: `Frage ${(serial += 1)}`,
      content: html(`Wer kennt das? ${serial}`),
      language: 'de',
    },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as PostOutput;
}

async function comment(who: Member, body: object) {
  await t.app.rateLimits.reset('comment:account', String(who.id));
  const response = await call('POST', '/api/comments', who, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as CommentOutput;
}

const list = async (who: Member, postId: number) =>
  ((await call('GET', `/api/comments?postId=${postId}`, who)).json() as CommentListOutput).items;

const kindsFor = async (member: Member) =>
  (await notificationsOf(t.database.db, member.id)).map((row) => row.kind);

describe('comments and replies', () => {
  it('threads replies one level and tells the post’s author, the replied-to member and the mentioned', async () => {
    const question = await ask();
    const answer = await comment(helper, { postId: question.id, content: html('Ich kenne das.') });
    expect(answer).toMatchObject({ parentId: null, postId: question.id, mayEdit: true });
    const reply = await comment(asker, {
      postId: question.id,
      parentId: answer.id,
      content: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Danke! Und ' },
              { type: 'mention', attrs: { id: third.id, label: 'x' } },
              { type: 'text', text: '?' },
            ],
          },
        ],
      },
    });
    expect(reply.parentId).toBe(answer.id);
    // A reply to a reply joins the thread of the comment it answers.
    const deeper = await comment(third, {
      postId: question.id,
      parentId: reply.id,
      content: html('Ja.'),
    });
    expect(deeper.parentId).toBe(answer.id);

    expect((await list(helper, question.id)).map((item) => item.id)).toEqual([
      answer.id,
      reply.id,
      deeper.id,
    ]);
    expect(await kindsFor(asker)).toEqual(expect.arrayContaining(['comment_on_my_post']));
    expect(await kindsFor(helper)).toEqual(expect.arrayContaining(['reply_to_my_comment']));
    expect(await kindsFor(third)).toEqual(['mention']);
    // Nobody is told of their own comment, and the mails went out in the members' switches' way.
    expect(
      (await mailsTo(t.app, third.email)).some((mail) => /erwähnt|mentioned/.test(mail.subject)),
    ).toBe(true);
  });

  it('tells nobody who blocked the author, and shows neither the other’s comments', async () => {
    const post = await ask(helper, 'post');
    const blocker = await signedInMember(t.app);
    const blocked = await call('POST', '/api/connection/block', blocker, { userId: third.id });
    expect(blocked.statusCode).toBe(200);
    const mentioned = await comment(third, {
      postId: post.id,
      content: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'mention', attrs: { id: blocker.id, label: 'b' } }],
          },
        ],
      },
    });
    expect(await kindsFor(blocker)).toEqual([]);
    expect((await list(blocker, post.id)).map((item) => item.id)).not.toContain(mentioned.id);
    expect((await list(helper, post.id)).map((item) => item.id)).toContain(mentioned.id);
  });

  it('refuses bad input clearly and writes nothing', async () => {
    const question = await ask();
    const other = await ask(helper);
    const otherComment = await comment(third, { postId: other.id, content: html('Hallo') });
    const cases: [object, number, string][] = [
      [{ postId: question.id, content: '<p> </p>' }, 400, 'content_required'],
      [{ postId: 2_000_000_000, content: html('x') }, 404, 'not_found'],
      [
        { postId: question.id, parentId: otherComment.id, content: html('x') },
        400,
        'validation_failed',
      ],
    ];
    for (const [body, status, code] of cases) {
      const response = await call('POST', '/api/comments', helper, body);
      expect(response.statusCode).toBe(status);
      expect(codeOf(response)).toBe(code);
    }
    expect(await list(helper, question.id)).toEqual([]);
    expect(
      (await call('POST', '/api/comments', null, { postId: question.id, content: html('x') }))
        .statusCode,
    ).toBe(401);
    expect((await call('GET', `/api/comments?postId=${question.id}`, null)).statusCode).toBe(401);
  });

  it('limits comments to 10 a minute per member', async () => {
    const post = await ask();
    const member = await signedInMember(t.app);
    for (let i = 0; i < 10; i += 1)
      expect(
        (await call('POST', '/api/comments', member, { postId: post.id, content: html(`n${i}`) }))
          .statusCode,
      ).toBe(201);
    const limited = await call('POST', '/api/comments', member, {
      postId: post.id,
      content: html('n10'),
    });
    expect(limited.statusCode).toBe(429);
    expect(codeOf(limited)).toBe('rate_limited');
  });
});

describe('who may change, delete and hide comments', () => {
  it('lets only the author change or delete, staff hide; others get 403 and nothing changes', async () => {
    const post = await ask();
    const mine = await comment(helper, { postId: post.id, content: html('Original') });
    for (const [who, status] of [
      [null, 401],
      [third, 403],
      [asker, 403],
      [moderator, 403],
    ] as const) {
      expect(
        (await call('PATCH', `/api/comments/${mine.id}`, who, { content: html('X') })).statusCode,
      ).toBe(status);
      expect((await call('DELETE', `/api/comments/${mine.id}`, who)).statusCode).toBe(status);
    }
    for (const [who, status] of [
      [null, 401],
      [third, 403],
      [helper, 403],
    ] as const)
      expect(
        (await call('PUT', `/api/comments/${mine.id}/hidden`, who, { hidden: true })).statusCode,
      ).toBe(status);
    expect((await list(third, post.id))[0]!.content).toBe(html('Original'));

    const changed = await call('PATCH', `/api/comments/${mine.id}`, helper, {
      content: html('Neu'),
    });
    expect(changed.json()).toMatchObject({ content: html('Neu') });
    const hidden = await call('PUT', `/api/comments/${mine.id}/hidden`, moderator, {
      hidden: true,
    });
    expect(hidden.json()).toMatchObject({ hidden: true });
    expect(await list(third, post.id)).toEqual([]);
    expect((await list(helper, post.id)).map((item) => item.hidden)).toEqual([true]);
    // The post's count of comments follows (kept by a trigger, migration 0018).
    const count = async () =>
      ((await call('GET', `/api/posts/${post.id}`, third)).json() as PostOutput).commentCount;
    expect(await count()).toBe(0);
    await call('PUT', `/api/comments/${mine.id}/hidden`, moderator, { hidden: false });
    expect(await count()).toBe(1);
    expect((await call('DELETE', `/api/comments/${mine.id}`, helper)).statusCode).toBe(200);
    expect(await list(third, post.id)).toEqual([]);
    expect(await count()).toBe(0);
  });

  it('shows nothing of a hidden post’s comments to other members', async () => {
    const post = await ask();
    await comment(helper, { postId: post.id, content: html('Antwort') });
    await call('PUT', `/api/posts/${post.id}/hidden`, moderator, { hidden: true });
    expect((await call('GET', `/api/comments?postId=${post.id}`, third)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/comments', third, { postId: post.id, content: html('x') }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/comments?postId=${post.id}`, asker)).statusCode).toBe(200);
  });
});

describe('helpful marks and accepted answers', () => {
  it('counts one helpful mark per member, never one’s own', async () => {
    const post = await ask();
    const answer = await comment(helper, { postId: post.id, content: html('Hilfreich?') });
    for (const who of [asker, third, third])
      expect(
        (await call('PUT', `/api/comments/${answer.id}/helpful`, who, { helpful: true })).json(),
      ).toMatchObject({
        helpful: true,
      });
    expect((await list(asker, post.id))[0]).toMatchObject({ helpfulCount: 2, helpful: true });
    expect(
      (await call('PUT', `/api/comments/${answer.id}/helpful`, helper, { helpful: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/comments/${answer.id}/helpful`, third, { helpful: false })).json(),
    ).toEqual({
      helpful: false,
      helpfulCount: 1,
    });

    expect(
      (await call('PUT', `/api/posts/${post.id}/helpful`, helper, { helpful: true })).json(),
    ).toEqual({
      helpful: true,
      helpfulCount: 1,
    });
    expect(
      (await call('PUT', `/api/posts/${post.id}/helpful`, asker, { helpful: true })).statusCode,
    ).toBe(403);
    const read = (await call('GET', `/api/posts/${post.id}`, helper)).json() as PostOutput;
    expect(read).toMatchObject({ helpfulCount: 1, helpful: true, commentCount: 1 });
  });

  it('lets the asker accept an answer (not a reply, not their own) and tells its author', async () => {
    const question = await ask();
    const answer = await comment(helper, { postId: question.id, content: html('So geht es.') });
    const reply = await comment(third, {
      postId: question.id,
      parentId: answer.id,
      content: html('Stimmt.'),
    });
    const own = await comment(asker, { postId: question.id, content: html('Nachtrag') });
    expect((await list(asker, question.id)).find((item) => item.id === answer.id)!.mayAccept).toBe(
      true,
    );
    expect((await list(helper, question.id)).every((item) => !item.mayAccept)).toBe(true);

    for (const [who, status] of [
      [null, 401],
      [helper, 403],
      [moderator, 403],
    ] as const)
      expect(
        (
          await call('PUT', `/api/posts/${question.id}/accepted-answer`, who, {
            commentId: answer.id,
          })
        ).statusCode,
      ).toBe(status);
    for (const commentId of [reply.id, own.id, 2_000_000_000])
      expect(
        codeOf(
          await call('PUT', `/api/posts/${question.id}/accepted-answer`, asker, { commentId }),
        ),
      ).toBe('validation_failed');

    const accepted = await call('PUT', `/api/posts/${question.id}/accepted-answer`, asker, {
      commentId: answer.id,
    });
    expect(accepted.json()).toEqual({ acceptedCommentId: answer.id });
    expect((await list(third, question.id)).find((item) => item.id === answer.id)!.accepted).toBe(
      true,
    );
    expect(await kindsFor(helper)).toContain('answer_accepted');
    expect(
      ((await call('GET', `/api/posts/${question.id}`, third)).json() as PostOutput)
        .acceptedCommentId,
    ).toBe(answer.id);

    const post = await ask(asker, 'post');
    const onPost = await comment(helper, { postId: post.id, content: html('Schön') });
    expect(
      (await call('PUT', `/api/posts/${post.id}/accepted-answer`, asker, { commentId: onPost.id }))
        .statusCode,
    ).toBe(403);
  });
});

describe('mention suggestions', () => {
  it('offers members the author may see by name, never one blocked either way', async () => {
    const named = await signedInMember(t.app);
    const name = `Quirin${Math.random().toString(36).slice(2, 6)}`;
    await call('PUT', '/api/update-profile', named, { nickname: `${name} Alpha`, firstName: name });
    const found = await call('GET', `/api/comments/mention?search=${name}`, helper);
    expect(found.json()).toMatchObject({ items: [{ id: named.id, nickname: `${name} Alpha` }] });
    // A block made between two keystrokes hides the member at once (the statement reads it).
    await call('POST', '/api/connection/block', named, { userId: helper.id });
    expect((await call('GET', `/api/comments/mention?search=${name}`, helper)).json()).toEqual({
      items: [],
    });
    expect((await call('GET', `/api/comments/mention?search=${name}`, null)).statusCode).toBe(401);
  });
});
