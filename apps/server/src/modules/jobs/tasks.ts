import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queueMail } from '../mail/service';
import { languageOf } from '../../lib/language';

/**
 * The background tasks (decision 0046). Each is safe to run again after a failure part way: the
 * digest marks each member it queued a mail for, and cleaning only deletes what is past keeping.
 */

export const JOB_LIMITS = {
  /** Members read and mailed per transaction of the digest. */
  digestBatch: 500,
  /** A member gets at most one digest in this many days, however often the task runs. */
  digestEveryDays: 6,
  /** Read notifications are kept this long. */
  readNotificationsDays: 90,
  /** Sent mails are kept this long in the outbox (delivery questions). */
  sentMailDays: 30,
} as const;

interface DigestRow {
  id: number;
  email: string;
  locale: string;
  messages: number;
  notifications: number;
  groupPosts: number;
}

/**
 * The weekly digest: each member whose `weekly_digest` switch is on and who has something waiting
 * (unread messages or notifications, new posts in their groups) gets one mail in their language.
 * Members are read in batches by id; each batch's mails and marks commit together.
 */
export async function weeklyDigest(db: Db, publicUrl: string): Promise<number> {
  let after = 0;
  let mailed = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = (
        (await tx.execute(sql`
          select u.id, u.email, u.locale,
            coalesce((select sum(p.unread_count) from chat_participants p
              where p.user_id = u.id and p.unread_count > 0), 0)::int as messages,
            (select count(*) from notifications n
              where n.user_id = u.id and n.read_at is null)::int as notifications,
            (select count(*) from posts po
              where po.group_id in (select m.group_id from group_members m
                where m.user_id = u.id and m.status = 'active')
                and po.author_id <> u.id and po.hidden_at is null
                and po.created_at > now() - interval '7 days')::int as "groupPosts"
          from notification_preferences np join users u on u.id = np.user_id
          where np.key = 'weekly_digest' and np.enabled and u.id > ${after}
            and (u.last_digest_at is null
              or u.last_digest_at < now() - make_interval(days => ${JOB_LIMITS.digestEveryDays}))
          order by u.id limit ${JOB_LIMITS.digestBatch}
          for update of u skip locked`)) as unknown as { rows: DigestRow[] }
      ).rows;
      const waiting = rows.filter((row) => row.messages + row.notifications + row.groupPosts > 0);
      for (const row of waiting) {
        const language = languageOf(row.locale);
        await queueMail(tx, row.email, language, {
          kind: 'digest',
          messages: row.messages,
          notifications: row.notifications,
          groupPosts: row.groupPosts,
          url: `${publicUrl}/${language}`,
        });
      }
      if (waiting.length > 0)
        await tx.execute(sql`update users set last_digest_at = now()
          where id = any(${sql.param(waiting.map((row) => row.id))}::int[])`);
      return { last: rows.at(-1)?.id, count: rows.length, mailed: waiting.length };
    });
    mailed += batch.mailed;
    if (batch.last === undefined || batch.count < JOB_LIMITS.digestBatch) return mailed;
    after = batch.last;
  }
}

/**
 * Cleaning: what is past keeping goes — read notifications after 90 days, sessions that ended
 * (expired a day ago, or revoked), sign-up and reset codes that expired, mails sent a month ago.
 * Returns how many rows each removed.
 */
export async function clean(db: Db): Promise<Record<string, number>> {
  const removed = async (statement: ReturnType<typeof sql>) =>
    ((await db.execute(statement)) as unknown as { rows: unknown[] }).rows.length;
  return {
    notifications: await removed(sql`delete from notifications
      where read_at < now() - make_interval(days => ${JOB_LIMITS.readNotificationsDays})
      returning id`),
    sessions: await removed(sql`delete from sessions
      where expires_at < now() - interval '1 day' or revoked_at < now() - interval '1 day'
      returning id`),
    emailCodes: await removed(sql`delete from email_codes
      where expires_at < now() - interval '1 day' returning id`),
    mails: await removed(sql`delete from mail_outbox
      where sent_at < now() - make_interval(days => ${JOB_LIMITS.sentMailDays}) returning id`),
  };
}
