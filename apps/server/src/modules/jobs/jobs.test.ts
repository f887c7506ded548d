import { sql } from 'drizzle-orm';
import { parseCrontab } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createTestApp, signedInMembers, type TestApp } from '../../../test/app';
import { crontab, nextRun, SCHEDULE } from './runner';
import { clean, weeklyDigest } from './tasks';
import { digestsTo, waitingReader } from './jobs.test-helpers';

describe('the schedule', () => {
  it('puts the digest on Monday mornings and cleaning every night (UTC)', () => {
    // Sunday 2026-11-29 12:00 → Monday 2026-11-30 08:00.
    expect(nextRun(SCHEDULE.weekly_digest, new Date('2026-11-29T12:00:00Z')).toISOString()).toBe(
      '2026-11-30T08:00:00.000Z',
    );
    // Exactly at its time, the next one is a week later.
    expect(nextRun(SCHEDULE.weekly_digest, new Date('2026-11-30T08:00:00Z')).toISOString()).toBe(
      '2026-12-07T08:00:00.000Z',
    );
    expect(nextRun(SCHEDULE.clean, new Date('2026-11-26T05:00:00Z')).toISOString()).toBe(
      '2026-11-27T03:15:00.000Z',
    );
    expect(nextRun(SCHEDULE.clean, new Date('2026-11-26T02:00:00Z')).toISOString()).toBe(
      '2026-11-26T03:15:00.000Z',
    );
  });

  it('is a crontab graphile-worker reads', () => {
    const items = parseCrontab(crontab());
    expect(items.map((item) => item.task).sort()).toEqual(['clean', 'weekly_digest']);
  });
});

describe('the tasks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('mails the weekly digest in the member’s language, once, only to those who asked and have news', async () => {
    const reader = await waitingReader(t, 'de');
    const [quiet] = await signedInMembers(t.app, 1);
    // Asked for the digest, but nothing waits for them.
    await callAs(t.app, 'PATCH', '/api/notifications/preferences', quiet!, {
      key: 'weekly_digest',
      value: true,
    });
    const [uninterested] = await signedInMembers(t.app, 1);

    await weeklyDigest(t.database.db, t.config.publicUrl);
    const mails = await digestsTo(t, reader);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Ihre Woche auf Attune');
    expect(mails[0]!.text).toContain('Ungelesene Nachrichten: 1.');
    expect(await digestsTo(t, quiet!)).toEqual([]);
    expect(await digestsTo(t, uninterested!)).toEqual([]);

    // Run again (a retry, a second instance): nobody gets a second one this week.
    await weeklyDigest(t.database.db, t.config.publicUrl);
    expect(await digestsTo(t, reader)).toHaveLength(1);
  });

  it('cleans what is past keeping and nothing else', async () => {
    const [member] = await signedInMembers(t.app, 1);
    const db = t.database.db;
    await db.execute(sql`insert into notifications (user_id, kind, read_at, created_at) values
      (${member!.id}, 'friend_accepted', now() - interval '100 days', now() - interval '100 days'),
      (${member!.id}, 'friend_accepted', now() - interval '10 days', now() - interval '10 days'),
      (${member!.id}, 'friend_accepted', null, now() - interval '200 days')`);
    const removed = await clean(db);
    expect(removed.notifications).toBe(1);
    const left = (await db.execute(
      sql`select read_at is null as unread from notifications where user_id = ${member!.id}
        order by id`,
    )) as unknown as { rows: { unread: boolean }[] };
    expect(left.rows.map((row) => row.unread)).toEqual([false, true]);
    // The member's live session stays.
    expect((await callAs(t.app, 'GET', '/api/live/counts', member!)).statusCode).toBe(200);
  });
});
