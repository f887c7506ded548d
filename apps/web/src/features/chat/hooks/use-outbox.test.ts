import { describe, expect, it } from 'vitest';
import { unsentDrafts, type Draft } from './use-outbox';

const draft = (clientId: string, text = 'Hallo'): Draft => ({ clientId, text, image: null });
const message = (id: number, clientId?: string) => ({
  id,
  threadId: 1,
  senderId: 7,
  text: 'Hallo',
  image: null,
  automatic: false,
  createdAt: '2026-11-26T08:00:00.000Z',
  ...(clientId ? { clientId } : {}),
});

describe('unsentDrafts', () => {
  it('drops a draft whose message arrived (its live echo came before the sending call answered)', () => {
    const pending = [draft('a'), draft('b')];
    expect(unsentDrafts(pending, [message(1, 'a')])).toEqual([draft('b')]);
  });

  it('keeps a draft with the same text as a message that is another one (no client id, or another)', () => {
    const pending = [draft('b')];
    expect(unsentDrafts(pending, [message(1), message(2, 'a')])).toEqual(pending);
  });
});
