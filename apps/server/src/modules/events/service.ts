import type { Language, SupportFormId } from '@attune/contract';
import type { Tx } from '../../db/client';

/**
 * What happened, as the domains record it (step 11, docs/ARCHITECTURE.md "Events"). A service
 * records an event in the transaction of the change; what follows from it (a notice, a mail, a
 * live event) is produced in one place, the notices' listener (notifications/listener.ts), which
 * registers a handler for every type. The handler runs in the same transaction: its rows and
 * queued mails exist only if the change commits, and members see them only after the commit (the
 * live event is the database's announcement, delivered after commit; mails leave the outbox after
 * commit). So a domain knows nothing of notices or mails, only what happened.
 *
 * Events carry data only: ids, and what the domain already read (a recipient's address, a name),
 * so that the listener sends no statement the domain had already sent.
 */

/** A member who may be told: their id, and the address and language a mail would use. */
export interface Recipient {
  id: number;
  email: string;
  locale: string;
}

/** How a connection request was answered, or the connection ended. */
export type ConnectionChange = 'accept' | 'reject' | 'cancel' | 'remove';

export type DomainEvent =
  | {
      type: 'connection_requested';
      actorId: number;
      recipient: Recipient;
      friendshipId: number;
      publicUrl: string;
    }
  | {
      type: 'connection_changed';
      change: ConnectionChange;
      actorId: number;
      memberId: number;
      friendshipId: number;
      publicUrl: string;
    }
  | { type: 'member_blocked'; actorId: number; memberId: number }
  | {
      type: 'comment_written';
      actorId: number;
      post: { id: number; slug: string; title: string };
      commentId: number;
      /** Who is told, and why (decided by the comments module: who may read it, no blocks). */
      recipients: {
        recipient: Recipient;
        kind: 'comment_on_my_post' | 'reply_to_my_comment' | 'mention';
      }[];
      publicUrl: string;
    }
  | {
      type: 'answer_accepted';
      actorId: number;
      postId: number;
      commentId: number;
      recipients: Recipient[];
    }
  | {
      type: 'group_join_requested';
      actorId: number;
      group: { id: number; slug: string; name: string };
      /** The group's admins who may be told. */
      recipients: Recipient[];
      publicUrl: string;
    }
  | {
      type: 'group_join_accepted';
      actorId: number;
      group: { id: number; slug: string; name: string };
      recipient: Recipient;
      publicUrl: string;
    }
  | {
      type: 'group_post_written';
      authorId: number;
      group: { id: number; name: string };
      post: { id: number; slug: string; title: string };
      recipients: Recipient[];
      publicUrl: string;
    }
  | {
      type: 'chat_message_unread';
      senderName: string;
      threadId: number;
      /** Members for whom this message is the first unread one in the conversation. */
      recipients: Recipient[];
      publicUrl: string;
    }
  | {
      type: 'support_request_sent';
      reference: string;
      formId: SupportFormId;
      name: string;
      email: string;
      member: boolean;
      message: string;
      language: Language;
      supportEmail: string;
    }
  | {
      type: 'sign_up_code_requested';
      email: string;
      language: Language;
      code: string;
      minutes: number;
      /** The address already has an account: it is told so instead of getting the code. */
      registered: boolean;
      publicUrl: string;
    }
  | {
      type: 'member_registered';
      member: { id: number; email: string };
      /** The staff invitation the person signed up with, if any: it must still work. */
      invite?: string;
    }
  | {
      type: 'email_change_code_requested';
      newEmail: string;
      language: Language;
      code: string;
      minutes: number;
    }
  | {
      type: 'email_changed';
      oldEmail: string;
      maskedNewEmail: string;
      language: Language;
      supportEmail: string;
    }
  | {
      type: 'password_reset_requested';
      email: string;
      /** The account's language, or the asking page's when there is no account. */
      language: Language;
      code: string;
      minutes: number;
      /** There is no account with this address: it is told so instead of getting the code. */
      unknown: boolean;
      publicUrl: string;
    }
  | { type: 'password_changed'; email: string; language: Language; supportEmail: string };

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/**
 * The events whose mail the recording service tries at once after its commit (a code the person
 * is waiting for): their handler gives back the queued mail's id. The others give back nothing.
 */
type MailedAtOnce =
  'sign_up_code_requested' | 'email_change_code_requested' | 'password_reset_requested';
export type ResultOf<T extends DomainEventType> = T extends MailedAtOnce ? number : void;
type Handler<T extends DomainEventType> = (tx: Tx, event: EventOf<T>) => Promise<ResultOf<T>>;

const handlers = new Map<DomainEventType, Handler<DomainEventType>>();

/**
 * Registers what follows from one type of event, once per type (notifications/listener.ts for
 * notices and mails, staff/listener.ts for invitations; app.ts registers both at start).
 */
export function handle<T extends DomainEventType>(type: T, handler: Handler<T>): void {
  if (handlers.has(type)) throw new Error(`The event '${type}' already has its handler`);
  handlers.set(type, handler as unknown as Handler<DomainEventType>);
}

/**
 * Records that something happened, in the transaction of the change; a handler that throws undoes
 * the change with it. An event nobody handles is a programming error, not something to drop.
 */
export async function record<T extends DomainEventType>(
  tx: Tx,
  event: EventOf<T>,
): Promise<ResultOf<T>> {
  const handler = handlers.get(event.type) as unknown as Handler<T> | undefined;
  if (!handler) throw new Error(`No handler for the event '${event.type}'`);
  return handler(tx, event);
}

/** Whether every type of event has its handler (the listener's test). */
export const handledTypes = (): DomainEventType[] => [...handlers.keys()];
