import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorOutput,
  NotificationPreferences,
  NotificationPreferenceUpdateInput,
  SPEC_SNACKBAR_KEYS,
} from '@attune/contract';
import { memberOf } from '../../lib/access-rules';
import { getPreferences, setPreference } from './service';

/** `GET/PATCH /api/notifications/preferences`: the member's e-mail notification switches. */
export async function notificationPreferenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['notifications'], security: [{ bearer: [] }] };
  const config = { access: 'member' as const };

  app.get(
    '/notifications/preferences',
    {
      config,
      schema: {
        ...schema,
        summary: 'My e-mail settings',
        response: { 200: NotificationPreferences, 401: ErrorOutput },
      },
    },
    async (request) => getPreferences(app.database.db, memberOf(request).userId),
  );

  app.patch(
    '/notifications/preferences',
    {
      config,
      schema: {
        ...schema,
        summary: 'Switch one setting',
        body: NotificationPreferenceUpdateInput,
        response: {
          200: z.object({ message: z.string(), preferences: NotificationPreferences }),
          400: ErrorOutput,
          401: ErrorOutput,
        },
      },
    },
    async (request) => {
      const { userId } = memberOf(request);
      const preferences = await setPreference(
        app.database.db,
        userId,
        request.body.key,
        request.body.value,
      );
      return { message: SPEC_SNACKBAR_KEYS.notificationSettingUpdated, preferences };
    },
  );
}
