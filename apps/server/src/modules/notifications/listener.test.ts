import { describe, expect, it } from 'vitest';
import { handledTypes, type DomainEventType } from '../events/service';
import { listenToDomainEvents } from './listener';

/** Every type of DomainEvent, written out: the compiler checks this list is complete. */
const EVERY_TYPE: Record<DomainEventType, true> = {
  connection_requested: true,
  connection_changed: true,
  member_blocked: true,
  comment_written: true,
  answer_accepted: true,
  group_join_requested: true,
  group_join_accepted: true,
  group_post_written: true,
  chat_message_unread: true,
  support_request_sent: true,
};

describe('the notices’ listener (events/service.ts)', () => {
  it('handles every type of domain event, so none can be recorded unheard', () => {
    listenToDomainEvents();
    expect(handledTypes().sort()).toEqual(Object.keys(EVERY_TYPE).sort());
  });
});
