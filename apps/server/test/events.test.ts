import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handledTypes, type DomainEventType } from '../src/modules/events/service';
import { createTestApp, type TestApp } from './app';

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
  sign_up_code_requested: true,
  member_registered: true,
  email_change_code_requested: true,
  email_changed: true,
  password_reset_requested: true,
  password_changed: true,
};

describe('domain events (modules/events)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has a handler for every type once the app is built, so none can be recorded unheard', () => {
    expect([...handledTypes()].sort()).toEqual(Object.keys(EVERY_TYPE).sort());
  });
});
