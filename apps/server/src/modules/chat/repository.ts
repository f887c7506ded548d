import { sql, type SQL } from 'drizzle-orm';
import type { ChatImage } from '@attune/contract';
import type { Tx } from '../../db/client';
import { asDate, executeNamed, rowCount } from '../../db/prepared';
import { nameSearchPattern as searchPattern } from '../members/service';
import { rowsOf } from '../../db/rows';

/** Statements of the chat (decision 0045). Every list is one statement for the whole page. */

export interface MessageRow {
  id: number;
  threadId: number;
  senderId: number | null;
  body: string;
  image: ChatImage | null;
  automatic: boolean;
  createdAt: Date;
}

const messageColumns = sql.raw(`m.id, m.thread_id as "threadId", m.sender_id as "senderId", m.body,
  m.image, m.automatic, m.created_at as "createdAt"`);

const withDates = (rows: MessageRow[]) => {
  for (const row of rows) row.createdAt = asDate(row.createdAt)!;
  return rows;
};

/** The key of a two-member conversation: both ids, smaller first. */
export const pairKeyOf = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

/** The one conversation of two members, made (with both as participants) when it does not exist. */
export async function pairThread(tx: Tx, a: number, b: number): Promise<number> {
  const key = pairKeyOf(a, b);
  const [made] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into chat_threads (pair_key) values (${key})
      on conflict (pair_key) do nothing returning id`,
  );
  const id =
    made?.id ??
    (await rowsOf<{ id: number }>(tx, sql`select id from chat_threads where pair_key = ${key}`))[0]!
      .id;
  await tx.execute(sql`insert into chat_participants (thread_id, user_id)
    values (${id}, ${a}), (${id}, ${b}) on conflict do nothing`);
  return id;
}

/** A new conversation of three or more members. */
export async function groupThread(tx: Tx, userIds: readonly number[]): Promise<number> {
  const [made] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into chat_threads default values returning id`,
  );
  await tx.execute(sql`insert into chat_participants (thread_id, user_id)
    select ${made!.id}, unnest(${sql.param([...userIds])}::int[])`);
  return made!.id;
}

export interface ParticipantRow {
  userId: number;
  lastReadMessageId: number;
  clearedThroughId: number;
  hasWritten: boolean;
}

/** A conversation's participants (empty when it does not exist). */
export function participantsOf(db: Tx, threadId: number): Promise<ParticipantRow[]> {
  return rowsOf<ParticipantRow>(
    db,
    sql`select user_id as "userId", last_read_message_id as "lastReadMessageId",
      cleared_through_id as "clearedThroughId", has_written as "hasWritten"
      from chat_participants where thread_id = ${threadId} order by user_id`,
  );
}

export interface CounterpartRow {
  id: number;
  messagesFrom: string;
  connected: boolean;
  sharesGroup: boolean;
  blockedByActor: boolean;
  blockedByMember: boolean;
}

/**
 * How the member in `u` (a users row) stands towards the actor: their setting, and whether the two
 * are connected (the pair index answers), share a group or blocked one another. As named SQL
 * expressions, written as columns or as JSON fields.
 */
const standing = (actorId: number): [keyof Omit<CounterpartRow, 'id'>, SQL][] => [
  ['messagesFrom', sql`u.messages_from`],
  [
    'connected',
    sql`exists (select 1 from friendships f
      where least(f.requester_id, f.addressee_id) = least(${actorId}::int, u.id)
        and greatest(f.requester_id, f.addressee_id) = greatest(${actorId}::int, u.id)
        and f.status = 'accepted')`,
  ],
  [
    'sharesGroup',
    sql`exists (select 1 from group_members a join group_members b on b.group_id = a.group_id
      where a.user_id = ${actorId} and a.status = 'active'
        and b.user_id = u.id and b.status = 'active')`,
  ],
  [
    'blockedByActor',
    sql`exists (select 1 from blocks b where b.blocker_id = ${actorId} and b.blocked_id = u.id)`,
  ],
  [
    'blockedByMember',
    sql`exists (select 1 from blocks b where b.blocker_id = u.id and b.blocked_id = ${actorId})`,
  ],
];
const standingColumns = (actorId: number) =>
  sql.join(
    standing(actorId).map(([name, expression]) => sql`${expression} as ${sql.identifier(name)}`),
    sql`, `,
  );
const standingFields = (actorId: number) =>
  sql.join(
    standing(actorId).map(([name, expression]) => sql`${sql.raw(`'${name}'`)}, ${expression}`),
    sql`, `,
  );

/**
 * How each of these members stands towards the actor (what the chat policy decides on), in one
 * statement. Members who do not exist are missing from the answer. A fixed shape (the ids as one
 * array), so PostgreSQL plans it once: planning the subqueries took twice as long as running them.
 */
export function counterparts(
  db: Tx,
  actorId: number,
  memberIds: readonly number[],
): Promise<CounterpartRow[]> {
  if (memberIds.length === 0) return Promise.resolve([]);
  return executeNamed<CounterpartRow>(
    db,
    sql`select u.id, ${standingColumns(actorId)}
      from users u where u.id = any(${sql.param([...memberIds])}::int[])`,
  );
}

export interface NewMessage {
  threadId: number;
  senderId: number;
  body: string;
  image: ChatImage | null;
  automatic: boolean;
  clientId: string | null;
}

/**
 * Stores a message; null when the sender already stored one with this client id (a retry), whose
 * row `messageByClientId` reads.
 */
export async function insertMessage(tx: Tx, message: NewMessage): Promise<MessageRow | null> {
  const [row] = await rowsOf<MessageRow>(
    tx,
    sql`insert into chat_messages as m (thread_id, sender_id, body, image, automatic, client_id)
      values (${message.threadId}, ${message.senderId}, ${message.body},
        ${message.image ? JSON.stringify(message.image) : null}::jsonb, ${message.automatic},
        ${message.clientId})
      on conflict (sender_id, client_id) do nothing
      returning ${messageColumns}`,
  );
  return row ? withDates([row])[0]! : null;
}

export async function messageByClientId(
  db: Tx,
  senderId: number,
  clientId: string,
): Promise<MessageRow | undefined> {
  const rows = await rowsOf<MessageRow>(
    db,
    sql`select ${messageColumns} from chat_messages m
      where m.sender_id = ${senderId} and m.client_id = ${clientId}`,
  );
  return withDates(rows)[0];
}

/**
 * After a message: every participant's newest message, the thread back in every inbox, one more
 * unread for the others; the sender has read it. An automatic response does not count as its
 * sender having written. Returns each participant's unread count now.
 */
export function recordMessage(
  tx: Tx,
  message: { threadId: number; id: number; senderId: number; automatic: boolean },
): Promise<{ userId: number; unreadCount: number }[]> {
  const { threadId, id, senderId } = message;
  return rowsOf(
    tx,
    sql`update chat_participants set
        last_message_id = greatest(last_message_id, ${id}),
        hidden = false,
        unread_count = case when user_id = ${senderId} then 0 else unread_count + 1 end,
        last_read_message_id = case when user_id = ${senderId}
          then greatest(last_read_message_id, ${id}) else last_read_message_id end,
        has_written = has_written or (user_id = ${senderId} and not ${message.automatic})
      where thread_id = ${threadId}
      returning user_id as "userId", unread_count as "unreadCount"`,
  );
}

/**
 * Claims today's automatic response of `userId` in the thread: true once a day per thread (the
 * update that sets the day is the claim, so two messages at once send one response).
 */
export async function claimAutomaticResponse(
  tx: Tx,
  threadId: number,
  userId: number,
): Promise<boolean> {
  const rows = await rowsOf<{ userId: number }>(
    tx,
    sql`update chat_participants set auto_replied_on = current_date
      where thread_id = ${threadId} and user_id = ${userId}
        and (auto_replied_on is null or auto_replied_on < current_date)
      returning user_id as "userId"`,
  );
  return rows.length > 0;
}

/** The automatic response of each member who has it switched on (profile fields, spec §3). */
export function automaticResponses(
  db: Tx,
  userIds: readonly number[],
): Promise<{ userId: number; text: string }[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return rowsOf(
    db,
    sql`select enabled.user_id as "userId", response.value as text
      from profile_values enabled
      join profile_fields fe on fe.id = enabled.field_id and fe.group_id = 1
        and lower(fe.name) = 'enable automatic response'
      join profile_fields fr on fr.group_id = 1 and lower(fr.name) = 'automatic response'
      join profile_values response on response.field_id = fr.id and response.user_id = enabled.user_id
      where enabled.user_id = any(${sql.param([...userIds])}::int[])
        and lower(enabled.value) in ('yes', 'true', '1') and btrim(response.value) <> ''`,
  );
}

export interface InboxRow {
  threadId: number;
  lastMessageId: number;
  unreadCount: number;
  clearedThroughId: number;
}

export interface InboxDetailRow extends InboxRow {
  /** The other participants with their standing towards the reader. */
  members: (ThreadMemberRow & Omit<CounterpartRow, 'id'>)[];
  lastMessage: MessageRow | null;
  /** Unread messages in all the reader's conversations (the same on every row). */
  total: number;
}

/**
 * A page of the member's inbox with everything it shows, in one statement (the inbox is read on
 * every visit to the chat, so one round trip instead of four): the page of `inboxPage`, each
 * conversation's other members with their standing (`membersWithStanding`), its last message,
 * and the total unread count. Always one row at least: with no conversations, `threadId` is null.
 */
export async function inboxWithDetails(
  db: Tx,
  userId: number,
  options: { before?: number; search?: string; limit: number },
): Promise<{ rows: InboxDetailRow[]; total: number }> {
  const { before, search, limit } = options;
  const found = await executeNamed<InboxDetailRow>(
    db,
    sql`with total as (
        select coalesce(sum(unread_count), 0)::int as total from chat_participants
        where user_id = ${userId} and unread_count > 0
      ), page as (
        select p.thread_id, p.last_message_id, p.unread_count, p.cleared_through_id
        from chat_participants p
        where p.user_id = ${userId} and not p.hidden
          and p.last_message_id > p.cleared_through_id
          ${before === undefined ? sql`` : sql`and p.last_message_id < ${before}`}
          ${
            search
              ? sql`and exists (select 1 from chat_participants o join users u on u.id = o.user_id
                  where o.thread_id = p.thread_id and o.user_id <> ${userId}
                    and u.search_text like ${searchPattern(search)})`
              : sql``
          }
        order by p.last_message_id desc limit ${rowCount(limit)}
      )
      select total.total, page.thread_id as "threadId", page.last_message_id as "lastMessageId",
        page.unread_count as "unreadCount", page.cleared_through_id as "clearedThroughId",
        (select json_agg(json_build_object('threadId', p.thread_id, 'userId', p.user_id,
            'nickname', u.nickname, 'username', u.username, 'firstName', u.first_name,
            'avatarUrl', u.avatar_url, 'hasWritten', p.has_written,
            'lastReadMessageId', p.last_read_message_id, 'lastMessageId', p.last_message_id,
            'unreadCount', p.unread_count, 'clearedThroughId', p.cleared_through_id,
            ${standingFields(userId)}) order by p.user_id)
          from chat_participants p join users u on u.id = p.user_id
          where p.thread_id = page.thread_id and p.user_id <> ${userId}) as members,
        (select json_build_object('id', m.id, 'threadId', m.thread_id, 'senderId', m.sender_id,
            'body', m.body, 'image', m.image, 'automatic', m.automatic, 'createdAt', m.created_at)
          from chat_messages m where m.id = page.last_message_id) as "lastMessage"
      from total left join page on true
      order by page.last_message_id desc`,
  );
  const total = Number(found[0]?.total ?? 0);
  const rows = found.filter((row) => row.threadId !== null);
  for (const row of rows) {
    row.members ??= [];
    if (row.lastMessage) row.lastMessage.createdAt = asDate(row.lastMessage.createdAt)!;
  }
  return { rows, total };
}

export interface ThreadMemberRow {
  threadId: number;
  userId: number;
  nickname: string;
  username: string;
  firstName: string;
  avatarUrl: string | null;
  hasWritten: boolean;
  lastReadMessageId: number;
  lastMessageId: number;
  unreadCount: number;
  clearedThroughId: number;
}

/** The participants of these conversations with what a conversation shows of them. */
export function membersOf(db: Tx, threadIds: readonly number[]): Promise<ThreadMemberRow[]> {
  if (threadIds.length === 0) return Promise.resolve([]);
  return executeNamed<ThreadMemberRow>(
    db,
    sql`select ${memberColumns} from chat_participants p join users u on u.id = p.user_id
      where p.thread_id = any(${sql.param([...threadIds])}::int[])
      order by p.thread_id, p.user_id`,
  );
}

/**
 * The other participants of these conversations (the actor left out) as `membersOf`, each with
 * how they stand towards the actor (`counterparts`' columns): the inbox's page in one statement.
 */
export function membersWithStanding(
  db: Tx,
  actorId: number,
  threadIds: readonly number[],
): Promise<(ThreadMemberRow & Omit<CounterpartRow, 'id'>)[]> {
  if (threadIds.length === 0) return Promise.resolve([]);
  return executeNamed(
    db,
    sql`select ${memberColumns}, ${standingColumns(actorId)}
      from chat_participants p join users u on u.id = p.user_id
      where p.thread_id = any(${sql.param([...threadIds])}::int[]) and p.user_id <> ${actorId}
      order by p.thread_id, p.user_id`,
  );
}

const memberColumns = sql.raw(`p.thread_id as "threadId", p.user_id as "userId", u.nickname,
  u.username, u.first_name as "firstName", u.avatar_url as "avatarUrl",
  p.has_written as "hasWritten", p.last_read_message_id as "lastReadMessageId",
  p.last_message_id as "lastMessageId", p.unread_count as "unreadCount",
  p.cleared_through_id as "clearedThroughId"`);

export async function messagesByIds(db: Tx, ids: readonly number[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return withDates(
    await executeNamed<MessageRow>(
      db,
      sql`select ${messageColumns} from chat_messages m
        where m.id = any(${sql.param([...ids])}::int[])`,
    ),
  );
}

/** A page of a conversation's history, newest first, after what the reader deleted for themselves. */
export async function historyPage(
  db: Tx,
  threadId: number,
  options: { after: number; before?: number; limit: number },
): Promise<MessageRow[]> {
  return withDates(
    await executeNamed<MessageRow>(
      db,
      sql`select ${messageColumns} from chat_messages m
        where m.thread_id = ${threadId} and m.id > ${options.after}
          ${options.before === undefined ? sql`` : sql`and m.id < ${options.before}`}
        order by m.id desc limit ${rowCount(options.limit)}`,
    ),
  );
}

/** Messages in the member's conversations after `since`, oldest first (a socket resuming). */
export async function messagesSince(
  db: Tx,
  userId: number,
  since: number,
  limit: number,
): Promise<MessageRow[]> {
  return withDates(
    await rowsOf<MessageRow>(
      db,
      sql`select ${messageColumns} from chat_participants p
        join chat_messages m on m.thread_id = p.thread_id
          and m.id > greatest(${since}, p.cleared_through_id)
        where p.user_id = ${userId} and p.last_message_id > ${since}
        order by m.id limit ${rowCount(limit)}`,
    ),
  );
}

/** Marks the conversation read up to its newest message; the new marker, or null when not in it. */
export async function markRead(tx: Tx, threadId: number, userId: number): Promise<number | null> {
  const [row] = await rowsOf<{ marker: number }>(
    tx,
    sql`update chat_participants set last_read_message_id = last_message_id, unread_count = 0
      where thread_id = ${threadId} and user_id = ${userId}
      returning last_read_message_id as marker`,
  );
  return row ? row.marker : null;
}

/** "Delete for me": the history so far is gone for the member, and the thread leaves their inbox. */
export async function clearForMember(tx: Tx, threadId: number, userId: number): Promise<boolean> {
  const rows = await rowsOf<{ userId: number }>(
    tx,
    sql`update chat_participants set cleared_through_id = last_message_id, hidden = true,
        unread_count = 0, last_read_message_id = last_message_id
      where thread_id = ${threadId} and user_id = ${userId}
      returning user_id as "userId"`,
  );
  return rows.length > 0;
}

/** Unread messages in all the member's conversations (from the partial unread index). */
export async function totalUnread(db: Tx, userId: number): Promise<number> {
  const [row] = await executeNamed<{ total: number }>(
    db,
    sql`select coalesce(sum(unread_count), 0)::int as total from chat_participants
      where user_id = ${userId} and unread_count > 0`,
  );
  return Number(row?.total ?? 0);
}

/** Who may message the member. */
export async function messagesFromOf(db: Tx, userId: number): Promise<string | undefined> {
  const [row] = await rowsOf<{ messagesFrom: string }>(
    db,
    sql`select messages_from as "messagesFrom" from users where id = ${userId}`,
  );
  return row?.messagesFrom;
}

export async function setMessagesFrom(db: Tx, userId: number, value: string): Promise<void> {
  await db.execute(sql`update users set messages_from = ${value} where id = ${userId}`);
}

/** Every message a member sent, oldest first (their data export). */
export async function messagesBySender(db: Tx, senderId: number): Promise<MessageRow[]> {
  return withDates(
    await rowsOf<MessageRow>(
      db,
      sql`select ${messageColumns} from chat_messages m where m.sender_id = ${senderId}
        order by m.id`,
    ),
  );
}
