import { describe, expect, it } from 'vitest';
import { applyPostsNotification, PostCardCache, type PostCard } from './cards';

const card = (authorId: number): PostCard => ({
  authorId,
  output: {} as PostCard['output'],
  openJson: '{',
});

describe('the posts’ cards in memory (decision 0051)', () => {
  it('serves cards only while both channels can be heard, and starts afresh after a loss', () => {
    const cards = new PostCardCache();
    const members = cards.followingMembers();
    cards.storeCard(cards.begin(), 1, card(7));
    expect(cards.getCard(1)).toBeUndefined();
    members.available = true;
    cards.storeCard(cards.begin(), 1, card(7));
    expect(cards.getCard(1)).toBeUndefined();
    cards.hear('posts', true);
    cards.storeCard(cards.begin(), 1, card(7));
    expect(cards.getCard(1)).toBeDefined();
    members.available = false;
    expect(cards.getCard(1)).toBeUndefined();
    members.available = true;
    expect(cards.getCard(1)).toBeUndefined();
  });

  it('forgets the posts announced, every card on `*`, and an author’s cards on their change', () => {
    const cards = new PostCardCache();
    cards.followingMembers().available = true;
    cards.hear('posts', true);
    const keep = () => {
      for (const [postId, authorId] of [
        [1, 7],
        [2, 7],
        [3, 8],
      ] as const)
        cards.storeCard(cards.begin(), postId, card(authorId));
    };
    keep();
    applyPostsNotification(cards, '1,3');
    expect([1, 2, 3].map((id) => Boolean(cards.getCard(id)))).toEqual([false, true, false]);
    keep();
    applyPostsNotification(cards, '*');
    expect(cards.size).toBe(0);
    keep();
    cards.followingMembers().forgetMembers([7]);
    expect([1, 2, 3].map((id) => Boolean(cards.getCard(id)))).toEqual([false, false, true]);
  });

  it('keeps no card read while a change was announced', () => {
    const cards = new PostCardCache();
    cards.followingMembers().available = true;
    cards.hear('posts', true);
    const generation = cards.begin();
    applyPostsNotification(cards, '9');
    cards.storeCard(generation, 1, card(7));
    expect(cards.getCard(1)).toBeUndefined();
  });
});
