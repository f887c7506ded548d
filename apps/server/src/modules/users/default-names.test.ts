import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logIn, signUp, type TestApp } from '../../../test/app';

describe('names of a new member', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('never come from the e-mail address: a neutral username, no display name yet', async () => {
    const stamp = Date.now();
    // Two members whose addresses share a local part that is a real name.
    const first = await signUp(t.app, `anna.schmidt-${stamp}@example.com`);
    const second = await signUp(t.app, `anna.schmidt-${stamp}@example.org`);
    const users = [
      (await logIn(t.app, first.email, first.password)).user,
      (await logIn(t.app, second.email, second.password)).user,
    ];
    for (const user of users) {
      expect(user.username).toMatch(/^member-[a-z2-9]{8}$/);
      expect(user.nickname).toBe('');
      expect(`${user.username} ${user.nickname}`).not.toMatch(/anna|schmidt|\d{6,}/i);
    }
    expect(users[0]!.username).not.toBe(users[1]!.username);
  });
});
