import type { NotificationOutput } from '@attune/contract';

/** A notification for unit tests: Anna Huber did something, a while ago; unread unless told. */
export function notificationFixture(
  overrides: Partial<NotificationOutput> = {},
): NotificationOutput {
  return {
    id: 1,
    kind: 'friend_request',
    read: false,
    createdAt: '2024-03-05T09:30:00.000Z',
    actor: { id: 3, nickname: 'Anna Huber', name: 'Anna', avatarUrl: null },
    post: null,
    group: null,
    commentId: null,
    ...overrides,
  };
}
