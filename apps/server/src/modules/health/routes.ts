import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorOutput } from '@attune/contract';
import { AppError, DATABASE_RETRY_AFTER_SECONDS } from '../../errors';

const Status = z.object({ status: z.literal('ok') });

/** Liveness (the process answers) and readiness (the database answers). */
export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/healthz',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: Status } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: Status, 503: ErrorOutput } },
    },
    async () => {
      if (!(await app.database.ping()))
        throw new AppError(
          'service_unavailable',
          503,
          'The database is not reachable.',
          {},
          { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
        );
      return { status: 'ok' as const };
    },
  );
}
