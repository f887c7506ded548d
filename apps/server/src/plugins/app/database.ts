import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Exposes the opened database to routes; closed last on shutdown (after in-flight requests). */
export const databasePlugin = fp(
  async (
    app: FastifyInstance,
    { database, closeOnShutdown }: { database: Database; closeOnShutdown: boolean },
  ) => {
    app.decorate('database', database);
    if (closeOnShutdown) app.addHook('onClose', () => database.close());
  },
);
