import type { ChatMember, ChatMessage, ChatThread, ThreadOutput } from '@attune/contract';

/** Ana, the other member in most chat tests; the viewer is member 7. */
export const VIEWER_ID = 7;
export const ana: ChatMember = { id: 12, nickname: 'Ana', name: 'Ana', avatarUrl: null };

export function messageFixture(overrides: Partial<ChatMessage> & { id: number }): ChatMessage {
  return {
    threadId: 3,
    senderId: ana.id,
    text: `Message ${overrides.id}`,
    image: null,
    automatic: false,
    createdAt: '2026-05-04T10:00:00.000Z',
    ...overrides,
  };
}

export function threadFixture(overrides: Partial<ChatThread> = {}): ChatThread {
  return {
    id: 3,
    participants: [ana],
    lastMessage: null,
    unreadCount: 0,
    canReply: true,
    ...overrides,
  };
}

/** One page of a conversation, newest first as the server sends it. */
export function threadPage(
  messages: ChatMessage[],
  overrides: Partial<ThreadOutput> = {},
): ThreadOutput {
  return {
    thread: threadFixture(),
    messages: [...messages].sort((a, b) => b.id - a.id),
    nextCursor: null,
    readMarkers: [],
    ...overrides,
  };
}
