import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, mailsTo, signedInMember, type TestApp } from '../../../test/app';
import { setPreference } from '../notification-preferences/service';
import { notificationsOf, notify, withdrawNotifications } from './service';

describe('notify', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const mail = (language: string) => ({
    kind: 'friend-request' as const,
    name: 'Ana',
    url: `https://attune.test/${language}/connections`,
  });

  it('records the row and mails in the recipient’s language while their switch is on', async () => {
    const [ana, ben] = [await signedInMember(t.app), await signedInMember(t.app)];
    const recipient = { id: ben.id, email: ben.email, locale: 'de' };
    const first = await t.database.db.transaction((tx) =>
      notify(tx, { recipient, kind: 'friend_request', actorId: ana.id, data: { x: 1 }, mail }),
    );
    expect(first.mailed).toBe(true);
    const [sent] = await mailsTo(t.app, ben.email);
    expect(sent?.subject).toBe('Ana möchte sich auf Attune mit Ihnen verbinden');
    expect(sent?.text).toContain('https://attune.test/de/connections');

    await setPreference(t.database.db, ben.id, 'friend_request', false);
    const second = await notify(t.database.db, {
      recipient: { ...recipient, locale: 'xx' },
      kind: 'friend_request',
      actorId: ana.id,
      mail,
    });
    expect(second.mailed).toBe(false);
    expect((await mailsTo(t.app, ben.email)).length).toBe(2); // the sign-up code and the first

    const rows = await notificationsOf(t.database.db, ben.id);
    expect(rows.map((row) => [row.id, row.kind, row.actorId, row.data, row.readAt])).toEqual([
      [first.id, 'friend_request', ana.id, { x: 1 }, null],
      [second.id, 'friend_request', ana.id, {}, null],
    ]);
    await withdrawNotifications(t.database.db, ben.id, ['friend_request'], ana.id);
    expect(await notificationsOf(t.database.db, ben.id)).toEqual([]);
  });

  it('never mails in a language Attune does not speak, and nothing is left when the change rolls back', async () => {
    const [ana, ben] = [await signedInMember(t.app), await signedInMember(t.app)];
    const recipient = { id: ben.id, email: ben.email, locale: 'xx' };
    await notify(t.database.db, { recipient, kind: 'friend_accepted', actorId: ana.id, mail });
    const [sent] = await mailsTo(t.app, ben.email);
    expect(sent?.html).toContain('lang="en"');
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(tx, { recipient, kind: 'friend_accepted', actorId: ana.id, mail });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await notificationsOf(t.database.db, ben.id)).length).toBe(1);
    expect((await mailsTo(t.app, ben.email)).length).toBe(2);
  });
});
