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
import * as list from './list';

/**
 * The member's notifications (spec §7 declared paths notifications and notification/notifications;
 * decision 0044). Each member reads and marks only their own.
 */
export async function notificationRoutes(fastify: FastifyInstance) {
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

  app.post(
    '/notifications/read',
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
    async (request) => list.markRead(app.database.db, memberOf(request), request.body.ids),
  );
}
