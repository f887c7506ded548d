import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorOutput,
  NotificationCountOutput,
  NotificationListOutput,
  NotificationListQuery,
  NotificationReadInput,
} from '@attune/contract';
import { memberOf } from '../../lib/access-rules';
import type { LivePublisher } from '../live/service';
import * as list from './list';

/**
 * The member's notifications (spec §7 declared paths notifications and notification/notifications;
 * decision 0044). Each member reads and marks only their own.
 */
export async function notificationRoutes(
  fastify: FastifyInstance,
  options: { live: LivePublisher },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['notifications'];
  const config = { access: 'member' as const };

  for (const url of ['/notifications', '/notification/notifications']) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          security,
          summary: 'My notifications',
          description:
            'Newest first, 20 a page, with the unread count. Each names who did it (`actor`, null ' +
            'when their account is gone or one blocked the other) and what it is about (`post`, ' +
            '`group`: null when the viewer may no longer see it).',
          querystring: NotificationListQuery,
          response: { 200: NotificationListOutput, 400: ErrorOutput, 401: ErrorOutput },
        },
      },
      async (request) =>
        list.listNotifications(app.database.db, memberOf(request), request.query.cursor),
    );
  }

  app.get(
    '/notifications/count',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'How many of my notifications are unread',
        response: { 200: NotificationCountOutput, 401: ErrorOutput },
      },
    },
    async (request) => list.unreadCount(app.database.db, memberOf(request)),
  );

  // Marking read: `notifications/read`, and `notification/notifications` (spec §7's path, POST).
  // The member's other open tabs and devices get the new count live.
  for (const url of ['/notifications/read', '/notification/notifications']) {
    app.post(
      url,
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Mark my notifications read',
          description:
            '`ids`: these (the viewer’s own; others’ ids change nothing); without: all of them. ' +
            'Answers the unread count after.',
          body: NotificationReadInput,
          response: { 200: NotificationCountOutput, 400: ErrorOutput, 401: ErrorOutput },
        },
      },
      async (request) => {
        const actor = memberOf(request);
        const count = await list.markRead(app.database.db, actor, request.body.ids);
        await options.live.countsChanged([actor.userId]);
        return count;
      },
    );
  }

  app.post(
    '/notification/cache/clean',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Clear my read notifications',
        description:
          'Removes the notifications the member has read (spec §7 `notification/cache/clean`); ' +
          'unread ones stay. Answers the unread count.',
        response: { 200: NotificationCountOutput, 401: ErrorOutput },
      },
    },
    async (request) => list.clearRead(app.database.db, memberOf(request)),
  );
}
