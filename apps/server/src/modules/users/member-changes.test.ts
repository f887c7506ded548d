import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemberCache } from '../../lib/member-cache';
import { bearer, createTestApp, signedInMember, type TestApp } from '../../../test/app';
import { applyMembersNotification } from './member-changes';
import { authorNameSeen, eventually, setFirstName, writePost } from './member-changes.test-helpers';

describe('the members’ announcements (migration 0006)', () => {
  it('forget the members named, or everything for `*` and for anything unreadable', () => {
    const cache = new MemberCache<{ id: number }>({ ttlMs: 60_000, maxEntries: 10 });
    const fill = () =>
      [1, 2, 3].forEach((id) => cache.store(cache.begin(), String(id), { id }, [id]));
    const kept = () => [1, 2, 3].map((id) => Boolean(cache.get(String(id))));

    fill();
    applyMembersNotification(cache, '1,2');
    expect(kept()).toEqual([false, false, true]);
    applyMembersNotification(cache, '*');
    expect(kept()).toEqual([false, false, false]);
    fill();
    applyMembersNotification(cache, 'not ids');
    expect(kept()).toEqual([false, false, false]);
  });
});

describe('what is kept about a member follows the database (decision 0066)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Reads the author's list until their post's card is kept (its own announcement may forget a first read's). */
  const keptCard = (author: { id: number; token: string }, postId: number) =>
    eventually(async () => {
      await authorNameSeen(t.app, author);
      return t.app.postCards.getCard(postId) !== undefined;
    });

  it('keeps a post’s card, and forgets it when its author changes outside the app', async () => {
    const author = await signedInMember(t.app);
    const postId = await writePost(t.app, author);
    expect(await eventually(async () => t.app.postCards.available)).toBe(true);
    expect(await keptCard(author, postId)).toBe(true);

    // As a script or another instance would: straight into the database.
    await setFirstName(t.app.database, author.id, 'Ingrid');
    expect(await eventually(async () => (await authorNameSeen(t.app, author)) === 'Ingrid')).toBe(
      true,
    );
  });

  it('forgets a member before answering the request that changed them', async () => {
    const author = await signedInMember(t.app);
    const postId = await writePost(t.app, author);
    expect(await keptCard(author, postId)).toBe(true);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/update-profile',
      payload: { firstName: 'Bärbel' },
      headers: bearer(author.token),
    });
    expect(changed.statusCode).toBe(200);
    expect(t.app.postCards.getCard(postId)).toBeUndefined();
    expect(await authorNameSeen(t.app, author)).toBe('Bärbel');
  });

  it('forgets before answering even what no announcement will name (a refused change)', async () => {
    const author = await signedInMember(t.app);
    const postId = await writePost(t.app, author);
    expect(await keptCard(author, postId)).toBe(true);
    // Refused, so nothing is written and the database announces nothing: only the request's own
    // forgetting (member-changes.ts, onSend) can empty the card.
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/update-profile',
      payload: { firstName: 'x'.repeat(500) },
      headers: bearer(author.token),
    });
    expect(refused.statusCode).toBe(400);
    expect(t.app.postCards.getCard(postId)).toBeUndefined();
  });
});
