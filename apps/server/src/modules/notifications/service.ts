import type { Language, NotificationKind, NotificationPreferenceKey } from '@attune/contract';
import { NOTIFICATION_PREFERENCE_DEFAULTS } from '@attune/contract';
import type { Tx } from '../../db/client';
import { queueMail, queueMailToMany, type MailTemplate } from '../mail/service';
import * as repository from './repository';
import { languageOf } from '../../lib/language';

/**
 * The e-mail switch (notification preferences) that governs the mail of each kind of notification,
 * or null for a kind that never mails. Steps 7–8 add their kinds here.
 */
const MAIL_PREFERENCE: Record<NotificationKind, NotificationPreferenceKey | null> = {
  friend_request: 'friend_request',
  friend_accepted: 'friend_accepted',
  // A request to the member that was withdrawn is news of a request; an answer to theirs, or the
  // end of a connection, is news of what became of one (the settings' labels say so).
  friend_request_withdrawn: 'friend_request',
  friend_request_declined: 'friend_accepted',
  connection_ended: 'friend_accepted',
  comment_on_my_post: 'comment_on_my_post',
  reply_to_my_comment: 'reply_to_my_comment',
  mention: 'mention',
  answer_accepted: null,
  group_membership_request: 'group_membership_request',
  group_membership_accepted: 'group_membership_request',
  group_post: 'group_post',
};

/** Who is notified: their id, and the address and language a mail would use. */
export interface Recipient {
  id: number;
  email: string;
  locale: string;
}

export interface Notice {
  recipient: Recipient;
  kind: NotificationKind;
  /** Who caused it (null for the system). */
  actorId: number | null;
  /** Ids the kind needs to be shown; never copied personal text. */
  data?: Record<string, unknown>;
  /** The mail to queue when the recipient's switch for this kind is on, in their language. */
  mail?: (language: Language) => MailTemplate;
}

/**
 * Records a notification for a member in the caller's transaction (listed and delivered live in
 * step 8) and, when the member's e-mail switch for the kind is on, queues its mail in their
 * language through the outbox: both happen only if the change that causes them commits.
 * Returns the notification's id and whether a mail was queued.
 */
export async function notify(tx: Tx, notice: Notice): Promise<{ id: number; mailed: boolean }> {
  const { recipient } = notice;
  const preference = notice.mail ? MAIL_PREFERENCE[notice.kind] : null;
  const { id, mailOn } = await repository.insertAnnounced(
    tx,
    { userId: recipient.id, kind: notice.kind, actorId: notice.actorId, data: notice.data ?? {} },
    preference
      ? { key: preference, onByDefault: NOTIFICATION_PREFERENCE_DEFAULTS[preference] }
      : null,
  );
  if (!notice.mail || !mailOn) return { id, mailed: false };
  const language = languageOf(recipient.locale);
  await queueMail(tx, recipient.email, language, notice.mail(language));
  return { id, mailed: true };
}

/**
 * The same notice for many members at once (a post in a group): one statement for the rows, one
 * for the recipients' e-mail switches, and one mail per recipient whose switch is on, each
 * rendered once per language. Returns how many mails were queued.
 */
export async function notifyMany(
  tx: Tx,
  notice: Omit<Notice, 'recipient'> & { recipients: readonly Recipient[] },
): Promise<number> {
  const { recipients } = notice;
  if (recipients.length === 0) return 0;
  const created = await repository.insertNotifications(
    tx,
    recipients.map((recipient) => ({
      userId: recipient.id,
      kind: notice.kind,
      actorId: notice.actorId,
      data: notice.data ?? {},
    })),
  );
  await repository.announce(tx, created);
  const preference = MAIL_PREFERENCE[notice.kind];
  if (!notice.mail || !preference) return 0;
  return mailRecipients(tx, recipients, preference, notice.mail);
}

/**
 * Queues a mail to each of these members whose e-mail switch `preference` is on, in their
 * language: one statement reads the switches, and each language's mail is rendered once.
 * Returns how many mails were queued.
 */
export async function mailRecipients(
  tx: Tx,
  recipients: readonly Recipient[],
  preference: NotificationPreferenceKey,
  mail: (language: Language) => MailTemplate,
): Promise<number> {
  if (recipients.length === 0) return 0;
  const switchedOff = new Set(
    await repository.switchedOff(
      tx,
      recipients.map((recipient) => recipient.id),
      preference,
      NOTIFICATION_PREFERENCE_DEFAULTS[preference],
    ),
  );
  return queueMailToMany(
    tx,
    recipients
      .filter((recipient) => !switchedOff.has(recipient.id))
      .map((recipient) => ({ to: recipient.email, language: languageOf(recipient.locale) })),
    mail,
  );
}

/**
 * Removes a member's unread notifications of these kinds caused by one actor, when what they
 * announce is gone (a connection request withdrawn, refused or ended by a block).
 */
export const withdrawNotifications = (
  tx: Tx,
  userId: number,
  kinds: NotificationKind[],
  actorId: number,
) => repository.deleteUnread(tx, userId, kinds, actorId);

/** How many of a member's notifications are unread (the header's count). */
export const unreadCountOf = (db: Tx, userId: number) => repository.unreadCount(db, userId);

/** A member's notifications, oldest first (for tests until step 8 lists them). */
export const notificationsOf = (tx: Tx, userId: number, limit = 100) =>
  repository.listFor(tx, userId, limit);

/** The NOTIFY channel new notifications are announced on once committed (the live hub listens). */
export { NOTICES_CHANNEL } from './repository';
