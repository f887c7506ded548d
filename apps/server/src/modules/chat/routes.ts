import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChatSettings,
  ErrorOutput,
  InboxOutput,
  InboxQuery,
  LiveCounts,
  MessageOutput,
  ReadThreadOutput,
  SendMessageInput,
  SendMessageOutput,
  ThreadOutput,
  ThreadQuery,
} from '@attune/contract';
import { memberOf } from '../../lib/access-rules';
import type { LiveHub } from '../live/service';
import * as notifications from '../notifications/service';
import * as service from './service';

const ThreadParams = z.object({ threadId: z.coerce.number().int().positive() });

/**
 * Chat (step 8, decision 0045). Every route needs a signed-in member; who may write to whom and
 * who reads a conversation is the chat policy, applied by the service. A conversation the member
 * is not part of answers 404, exactly as a missing one.
 */
export async function chatRoutes(
  fastify: FastifyInstance,
  options: { publicUrl: string; live: LiveHub },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['chat'];
  const config = { access: 'member' as const };
  const ctx = (): service.ChatContext => ({
    db: app.database.db,
    rateLimits: app.rateLimits,
    live: options.live,
    publicUrl: options.publicUrl,
  });
  const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput };

  app.post(
    '/social/messages',
    {
      config,
      schema: {
        tags: ['social', ...tags],
        security,
        summary: 'Send a message',
        description:
          'BuddyPress v1’s shape: `recipients` (member ids) starts a conversation — with one member, ' +
          'the existing one with them — or `thread_id` writes into one of the member’s. `message` ' +
          '(up to 4,000 characters) and/or `image` (uploaded through `POST /api/media`). ' +
          '`client_id` makes a retry safe: the same one again answers the first message. 201 only ' +
          'once the message is stored. 400 `content_required`, `cannot_message_self`; 403 ' +
          '`messages_not_accepted` (the member’s “who may message me” setting), ' +
          '`messages_blocked`; 404 `not_found` (no such member or conversation, or a member who ' +
          'blocked the sender); 429 `rate_limited` past 60 a minute.',
        body: SendMessageInput,
        response: { 201: SendMessageOutput, ...errors, 429: ErrorOutput },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.sendMessage(ctx(), memberOf(request), request.body)),
  );

  const inboxSchema = {
    tags,
    security,
    querystring: InboxQuery,
    response: { 200: InboxOutput, 400: ErrorOutput, 401: ErrorOutput },
  };
  app.get(
    '/social/messages',
    {
      config,
      schema: {
        ...inboxSchema,
        tags: ['social', ...tags],
        summary: 'My conversations (box=inbox)',
        description:
          'Ten conversations per page, newest first, each with the other members, the last ' +
          'message, its unread count and whether the member may write there now; `totalUnread` ' +
          'over all. `search` keeps those with a member whose name or nickname contains it ' +
          '(accents and case ignored). Same as `GET /api/messages`.',
      },
    },
    async (request) => service.inbox(app.database.db, memberOf(request), request.query),
  );
  app.get(
    '/messages',
    {
      config,
      schema: {
        ...inboxSchema,
        summary: 'My conversations',
        description: 'The inbox, as `GET /api/social/messages?box=inbox`.',
      },
    },
    async (request) => service.inbox(app.database.db, memberOf(request), request.query),
  );

  app.get(
    '/messages/settings',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Who may message me',
        description:
          '`connections` (the default), `shared_group` (connections and members of a group I am ' +
          'in) or `everyone`. Blocked members never can.',
        response: { 200: ChatSettings, 401: ErrorOutput },
      },
    },
    async (request) => service.settings(app.database.db, memberOf(request).userId),
  );
  app.patch(
    '/messages/settings',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Choose who may message me',
        description: 'Conversations already going on stay open to those who wrote in them.',
        body: ChatSettings,
        response: {
          200: ChatSettings.extend({ message: MessageOutput.shape.message }),
          400: ErrorOutput,
          401: ErrorOutput,
        },
      },
    },
    async (request) => ({
      message: 'Your setting is saved.',
      ...(await service.setSettings(
        app.database.db,
        memberOf(request).userId,
        request.body.messagesFrom,
      )),
    }),
  );

  app.get(
    '/messages/:threadId',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'A conversation and its history',
        description:
          'Thirty messages per page, newest first; `nextCursor` reads older ones. `readMarkers`: ' +
          'how far each other member has read (read receipts). 404 when the member is not part ' +
          'of it.',
        params: ThreadParams,
        querystring: ThreadQuery,
        response: { 200: ThreadOutput, ...errors },
      },
    },
    async (request) =>
      service.thread(
        app.database.db,
        memberOf(request),
        request.params.threadId,
        request.query.cursor,
      ),
  );

  app.post(
    '/messages/:threadId/read',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Mark a conversation read',
        description: 'Up to its newest message; the other members see it live (`message.read`).',
        params: ThreadParams,
        response: { 200: ReadThreadOutput, ...errors },
      },
    },
    async (request) => service.markRead(ctx(), memberOf(request), request.params.threadId),
  );

  app.delete(
    '/messages/:threadId',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Delete a conversation for me',
        description:
          'Its history so far is gone for the member and it leaves their inbox until someone ' +
          'writes again; the other members keep theirs.',
        params: ThreadParams,
        response: { 200: MessageOutput, ...errors },
      },
    },
    async (request) => {
      await service.deleteForMe(ctx(), memberOf(request), request.params.threadId);
      return { message: 'The conversation is deleted for you.' };
    },
  );

  app.get(
    '/live/counts',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'The header’s counts',
        description:
          'Unread messages and notifications; the socket `/ws` sends the same as `counts` events.',
        response: { 200: LiveCounts, 401: ErrorOutput },
      },
    },
    async (request) => liveCounts(app, memberOf(request).userId),
  );
}

/** A member's header counts: unread messages and unread notifications. */
export async function liveCounts(app: FastifyInstance, userId: number): Promise<LiveCounts> {
  const [messagesUnread, notificationsUnread] = await Promise.all([
    service.totalUnread(app.database.db, userId),
    notifications.unreadCountOf(app.database.db, userId),
  ]);
  return { messagesUnread, notificationsUnread };
}
