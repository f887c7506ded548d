import { SUPPORT_FORM_NAMES, type Language, type NotificationKind } from '@attune/contract';
import type { Tx } from '../../db/client';
import { handle, type ConnectionChange } from '../events/service';
import { queueMail, type MailTemplate } from '../mail/service';
import * as users from '../users/service';
import { mailRecipients, notify, notifyMany, withdrawNotifications } from './service';

/**
 * The one place that says what follows from each domain event (events/service.ts): which notice,
 * which mail, which live event. A notice is a notification row, announced to the live sockets
 * by the database once committed (notifications/repository.ts); its mail goes under the
 * recipient's e-mail switch for the kind (MAIL_PREFERENCE in service.ts), in their language.
 *
 * | event                  | notice (to whom)                                    | mail                      |
 * | ---------------------- | --------------------------------------------------- | ------------------------- |
 * | connection_requested   | friend_request (the member asked)                   | friend-request            |
 * | connection_changed     | friend_accepted / _request_declined / _withdrawn /  | friend-accepted,          |
 * |                        | connection_ended (the other member); the request's  | connection-change         |
 * |                        | own notice is withdrawn                             |                           |
 * | member_blocked         | none; every connection notice between the two goes  | none                      |
 * | comment_written        | comment_on_my_post / reply_to_my_comment / mention  | comment                   |
 * | answer_accepted        | answer_accepted (the answer's author)               | none                      |
 * | group_join_requested   | group_membership_request (the group's admins)       | group (request)           |
 * | group_join_accepted    | group_membership_accepted (the member)              | group (accepted)          |
 * | group_post_written     | group_post (the group's members)                    | group (post)              |
 * | chat_message_unread    | none (the conversation shows it)                    | message, once until read  |
 * | support_request_sent   | none                                                | support-request to the    |
 * |                        |                                                     | team, support-received    |
 * | sign_up_code_requested | none                                                | sign-up-code, or          |
 * |                        |                                                     | already-registered        |
 * | email_change_code_…    | none                                                | email-change-code (new)   |
 * | email_changed          | none                                                | email-changed (old)       |
 * | password_reset_…       | none                                                | reset-code, or no-account |
 * | password_changed       | none                                                | password-changed          |
 * (member_registered is the staff area's: staff/listener.ts.)
 */

/** The name a mail shows for a member: their display name, else their (public) username. */
const shownName = (member: { nickname: string; username: string } | undefined) =>
  member ? member.nickname || member.username : '';

const connectionsUrl = (publicUrl: string) => (language: Language) =>
  `${publicUrl}/${language}/connections`;

/** What each answer to a request, or the end of a connection, tells the other member. */
const CONNECTION_CHANGES: Record<
  ConnectionChange,
  { kind: NotificationKind; mail: (name: string, url: string) => MailTemplate }
> = {
  accept: {
    kind: 'friend_accepted',
    mail: (name, url) => ({ kind: 'friend-accepted', name, url }),
  },
  reject: {
    kind: 'friend_request_declined',
    mail: (name, url) => ({ kind: 'connection-change', event: 'declined', name, url }),
  },
  cancel: {
    kind: 'friend_request_withdrawn',
    mail: (name, url) => ({ kind: 'connection-change', event: 'withdrawn', name, url }),
  },
  remove: {
    kind: 'connection_ended',
    mail: (name, url) => ({ kind: 'connection-change', event: 'ended', name, url }),
  },
};

/** Every notice one member may hold of the other's connection: withdrawn by a block. */
const CONNECTION_NOTICES: NotificationKind[] = [
  'friend_request',
  ...Object.values(CONNECTION_CHANGES).map((change) => change.kind),
];

const COMMENT_MAIL_EVENT = {
  comment_on_my_post: 'comment',
  reply_to_my_comment: 'reply',
  mention: 'mention',
} as const;

let listening = false;

/** Registers every handler (once per process; app.ts calls it as it builds the app). */
export function listenToDomainEvents(): void {
  if (listening) return;
  listening = true;

  handle('connection_requested', async (tx, event) => {
    const actor = await users.findUserById(tx, event.actorId);
    await notify(tx, {
      recipient: event.recipient,
      kind: 'friend_request',
      actorId: event.actorId,
      data: { friendshipId: event.friendshipId },
      mail: (language) => ({
        kind: 'friend-request',
        name: shownName(actor),
        url: connectionsUrl(event.publicUrl)(language),
      }),
    });
  });

  handle('connection_changed', async (tx, event) => {
    const { actorId, memberId, change } = event;
    // The request announced is answered or withdrawn: its notice goes.
    if (change === 'accept' || change === 'reject')
      await withdrawNotifications(tx, actorId, ['friend_request'], memberId);
    if (change === 'cancel') await withdrawNotifications(tx, memberId, ['friend_request'], actorId);
    await tellOtherMember(tx, event);
  });

  handle('member_blocked', async (tx, { actorId, memberId }) => {
    // A block tells nobody; every notice either had of the other's connection goes with it.
    await withdrawNotifications(tx, actorId, CONNECTION_NOTICES, memberId);
    await withdrawNotifications(tx, memberId, CONNECTION_NOTICES, actorId);
  });

  handle('comment_written', async (tx, event) => {
    if (event.recipients.length === 0) return;
    const name = shownName(await users.findUserById(tx, event.actorId));
    for (const { recipient, kind } of event.recipients)
      await notify(tx, {
        recipient,
        kind,
        actorId: event.actorId,
        data: { postId: event.post.id, commentId: event.commentId },
        mail: (language: Language) => ({
          kind: 'comment',
          event: COMMENT_MAIL_EVENT[kind],
          name,
          title: event.post.title,
          url: `${event.publicUrl}/${language}/post/${event.post.slug}`,
        }),
      });
  });

  handle('answer_accepted', async (tx, event) => {
    for (const recipient of event.recipients)
      await notify(tx, {
        recipient,
        kind: 'answer_accepted',
        actorId: event.actorId,
        data: { postId: event.postId, commentId: event.commentId },
      });
  });

  handle('group_join_requested', async (tx, event) => {
    const name = shownName(await users.findUserById(tx, event.actorId));
    await notifyMany(tx, {
      recipients: event.recipients,
      kind: 'group_membership_request',
      actorId: event.actorId,
      data: { groupId: event.group.id },
      mail: (language) => ({
        kind: 'group',
        event: 'request',
        name,
        group: event.group.name,
        url: `${event.publicUrl}/${language}/groups/${event.group.slug}`,
      }),
    });
  });

  handle('group_join_accepted', async (tx, event) => {
    await notify(tx, {
      recipient: event.recipient,
      kind: 'group_membership_accepted',
      actorId: event.actorId,
      data: { groupId: event.group.id },
      mail: (language) => ({
        kind: 'group',
        event: 'accepted',
        name: '',
        group: event.group.name,
        url: `${event.publicUrl}/${language}/groups/${event.group.slug}`,
      }),
    });
  });

  handle('group_post_written', async (tx, event) => {
    const name = shownName(await users.findUserById(tx, event.authorId));
    await notifyMany(tx, {
      recipients: event.recipients,
      kind: 'group_post',
      actorId: event.authorId,
      data: { groupId: event.group.id, postId: event.post.id },
      mail: (language) => ({
        kind: 'group',
        event: 'post',
        name,
        group: event.group.name,
        title: event.post.title,
        url: `${event.publicUrl}/${language}/post/${event.post.slug}`,
      }),
    });
  });

  handle('chat_message_unread', async (tx, event) => {
    await mailRecipients(tx, event.recipients, 'new_message', (language: Language) => ({
      kind: 'message',
      name: event.senderName,
      url: `${event.publicUrl}/${language}/chat?thread=${event.threadId}`,
    }));
  });

  // The account's own mails: each says what happened to the address it goes to.
  handle('sign_up_code_requested', (tx, event) =>
    queueMail(
      tx,
      event.email,
      event.language,
      event.registered
        ? {
            kind: 'already-registered',
            loginUrl: `${event.publicUrl}/${event.language}/login`,
            recoverUrl: `${event.publicUrl}/${event.language}/login/recover`,
          }
        : { kind: 'sign-up-code', code: event.code, minutes: event.minutes },
    ),
  );

  handle('email_change_code_requested', (tx, event) =>
    queueMail(tx, event.newEmail, event.language, {
      kind: 'email-change-code',
      code: event.code,
      minutes: event.minutes,
    }),
  );

  handle('email_changed', async (tx, event) => {
    await queueMail(tx, event.oldEmail, event.language, {
      kind: 'email-changed',
      newEmail: event.maskedNewEmail,
      supportEmail: event.supportEmail,
    });
  });

  handle('password_reset_requested', (tx, event) =>
    queueMail(
      tx,
      event.email,
      event.language,
      event.unknown
        ? { kind: 'no-account', signUpUrl: `${event.publicUrl}/${event.language}/register` }
        : { kind: 'reset-code', code: event.code, minutes: event.minutes },
    ),
  );

  handle('password_changed', async (tx, event) => {
    await queueMail(tx, event.email, event.language, {
      kind: 'password-changed',
      supportEmail: event.supportEmail,
    });
  });

  handle('support_request_sent', async (tx, event) => {
    await queueMail(tx, event.supportEmail, 'en', {
      kind: 'support-request',
      reference: event.reference,
      form: SUPPORT_FORM_NAMES[event.formId].en,
      name: event.name,
      email: event.email,
      member: event.member,
      message: event.message,
    });
    await queueMail(tx, event.email, event.language, {
      kind: 'support-received',
      reference: event.reference,
      form: SUPPORT_FORM_NAMES[event.formId][event.language],
    });
  });
}

/**
 * Tells the other member that the actor accepted or declined their request, withdrew a request
 * to them or ended their connection: a notice and, under their switch, a mail in their language.
 */
async function tellOtherMember(
  tx: Tx,
  event: {
    change: ConnectionChange;
    actorId: number;
    memberId: number;
    friendshipId: number;
    publicUrl: string;
  },
) {
  const [other, actor] = [
    await users.findUserById(tx, event.memberId),
    await users.findUserById(tx, event.actorId),
  ];
  if (!other || !actor) return;
  const { kind, mail } = CONNECTION_CHANGES[event.change];
  await notify(tx, {
    recipient: other,
    kind,
    actorId: event.actorId,
    data: { friendshipId: event.friendshipId },
    mail: (language) => mail(shownName(actor), connectionsUrl(event.publicUrl)(language)),
  });
}
