import { describe, expect, it } from 'vitest';
import { ana, messageFixture, VIEWER_ID } from '../../../test/chat-fixtures';
import { formatMessageTime, joinNames, memberName, oldestFirst, seenBy } from './message-view';

describe('message view', () => {
  it('names a member by their display name, else their first name', () => {
    expect(memberName(ana)).toBe('Ana');
    expect(memberName({ nickname: ' ', name: 'Jonas' })).toBe('Jonas');
  });

  it('joins names as the language does', () => {
    expect(joinNames(['Ana', 'Ben'], 'en')).toBe('Ana and Ben');
    expect(joinNames(['Ana', 'Ben', 'Clara'], 'de')).toBe('Ana, Ben und Clara');
  });

  it('turns pages (newest first, later pages older) into one list, oldest first, each message once', () => {
    const pages = [
      { messages: [messageFixture({ id: 5 }), messageFixture({ id: 4 })] },
      { messages: [messageFixture({ id: 4 }), messageFixture({ id: 2 })] },
    ];
    expect(oldestFirst(pages).map((message) => message.id)).toEqual([2, 4, 5]);
  });

  it('puts "Seen" under the last of my messages each other member has read, only there', () => {
    const messages = [
      messageFixture({ id: 1, senderId: VIEWER_ID }),
      messageFixture({ id: 2, senderId: VIEWER_ID }),
      messageFixture({ id: 3, senderId: ana.id }),
      messageFixture({ id: 4, senderId: VIEWER_ID }),
    ];
    const seen = seenBy(messages, [{ userId: ana.id, lastReadMessageId: 3 }], VIEWER_ID);
    expect([...seen]).toEqual([[2, [ana.id]]]);
    // My own marker never counts; nothing read yet, nothing seen.
    expect(seenBy(messages, [{ userId: VIEWER_ID, lastReadMessageId: 4 }], VIEWER_ID).size).toBe(0);
    expect(seenBy(messages, [{ userId: ana.id, lastReadMessageId: 0 }], VIEWER_ID).size).toBe(0);
  });

  it('writes the time for today and the day with the time before', () => {
    const now = new Date('2026-05-04T18:00:00');
    expect(formatMessageTime('2026-05-04T14:05:00', 'de', now)).toBe('14:05');
    expect(formatMessageTime('2026-05-01T14:05:00', 'en', now)).toMatch(
      /1 May.*02:05 PM|May 1.*02:05 PM|1 May.*14:05/,
    );
  });
});
