import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GroupMembershipOutput,
  NotificationCountOutput,
  NotificationListOutput,
  PostOutput,
  SocialGroupOutput,
} from '@attune/contract';
import {
  callAs,
  type CallArgs,
  codeOf,
  createTestApp,
  signedInMembers,
  type TestApp,
} from '../../../test/app';
import { notify } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_IP_MULTIPLIER: '100' });
});
afterAll(() => t?.close());

const call = (...args: CallArgs) => callAs(t.app, ...args);
const list = async (who: { token: string }, cursor?: string) =>
  (
    await call('GET', `/api/notifications${cursor ? `?cursor=${cursor}` : ''}`, who)
  ).json() as NotificationListOutput;
const count = async (who: { token: string }) =>
  ((await call('GET', '/api/notifications/count', who)).json() as NotificationCountOutput)
    .unreadCount;

describe('a member’s notifications', () => {
  it('lists what happened newest first, naming who did it; each marks only their own read', async () => {
    const [ana, ben] = await signedInMembers(t.app, 2);
    expect((await call('POST', '/api/social/friends', ana, { friend_id: ben.id })).statusCode).toBe(
      200,
    );
    const page = await list(ben);
    expect(page.unreadCount).toBe(1);
    expect(page.items).toEqual([
      expect.objectContaining({
        kind: 'friend_request',
        read: false,
        actor: expect.objectContaining({ id: ana.id }),
        post: null,
        group: null,
      }),
    ]);
    // The declared path answers the same.
    expect(
      ((await call('GET', '/api/notification/notifications', ben)).json() as NotificationListOutput)
        .items[0]!.id,
    ).toBe(page.items[0]!.id);
    // Ana cannot mark Ben's notification read.
    await call('POST', '/api/notifications/read', ana, { ids: [page.items[0]!.id] });
    expect(await count(ben)).toBe(1);
    const read = await call('POST', '/api/notifications/read', ben, { ids: [page.items[0]!.id] });
    expect(read.json()).toEqual({ unreadCount: 0 });
    expect((await list(ben)).items[0]!.read).toBe(true);

    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/count'],
      ['POST', '/api/notifications/read'],
    ] as const)
      expect((await call(method, url, null, {})).statusCode, url).toBe(401);
    const bad = await call('POST', '/api/notifications/read', ben, { ids: ['x'] });
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, 'validation_failed']);
  });

  it('names a post only while the member may read it, and hides an actor blocked either way', async () => {
    const [admin, member, other] = await signedInMembers(t.app, 3);
    const created = await call('POST', '/api/social/groups', admin, {
      name: 'Privater Kreis',
      status: 'private',
    });
    const group = created.json() as SocialGroupOutput;
    await call('POST', '/api/groups/membership-requests', member, { groupId: group.id });
    const accepted = await call('POST', '/api/group/manage-pending-requests', admin, {
      groupId: group.id,
      userId: member.id,
      action: 'accept',
    });
    expect((accepted.json() as GroupMembershipOutput).group.memberCount).toBe(2);
    const posted = await call('POST', '/api/posts', admin, {
      title: 'Treffen im Mai',
      content: '<p>Wer kommt?</p>',
      language: 'de',
      groupId: group.id,
    });
    const post = posted.json() as PostOutput;

    const notices = (await list(member)).items;
    expect(notices.map((notice) => notice.kind)).toEqual([
      'group_post',
      'group_membership_accepted',
    ]);
    expect(notices[0]).toMatchObject({
      post: { id: post.id, slug: post.slug, title: 'Treffen im Mai' },
      group: { id: group.id, slug: group.slug, name: 'Privater Kreis' },
      actor: { id: admin.id },
    });
    expect((await list(admin)).items[0]).toMatchObject({
      kind: 'group_membership_request',
      actor: { id: member.id },
      group: { id: group.id },
    });

    // Once out of the private group, the member no longer learns the post's title.
    await call('DELETE', `/api/social/groups/${group.id}/members/${member.id}`, member);
    expect((await list(member)).items[0]).toMatchObject({ post: null, group: { id: group.id } });
    // A member blocked either way is not named.
    await call('POST', '/api/connection/block', member, { userId: admin.id });
    expect((await list(member)).items[0]!.actor).toBeNull();
    // Another member sees none of it.
    expect((await list(other)).items).toEqual([]);
  });

  it('pages by cursor and marks all read at once', async () => {
    const [ana, ben] = await signedInMembers(t.app, 2);
    for (let index = 0; index < 23; index += 1)
      await notify(t.database.db, {
        recipient: { id: ben.id, email: ben.email, locale: 'en' },
        kind: 'mention',
        actorId: ana.id,
        data: { postId: 999_999 },
      });
    const first = await list(ben);
    expect(first.items).toHaveLength(20);
    expect(first.unreadCount).toBe(23);
    const second = await list(ben, first.nextCursor!);
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    expect(second.items[0]!.id).toBeLessThan(first.items.at(-1)!.id);
    // A post that does not exist is null.
    expect(first.items[0]!.post).toBeNull();
    const all = await call('POST', '/api/notifications/read', ben, {});
    expect(all.json()).toEqual({ unreadCount: 0 });
  });
});
