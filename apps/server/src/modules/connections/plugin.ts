import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { blockedColumn, friendshipColumn } from './sql';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * How two members stand (friendship, blocks) as SQL columns, for the profile read of the users
     * module, which knows no social graph itself (docs/ARCHITECTURE.md, layers).
     */
    memberRelations: { friendship: typeof friendshipColumn; blocked: typeof blockedColumn };
  }
}

/** Hands the social graph's SQL to the profile read (users/profiles.ts). */
export const memberRelationsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('memberRelations', { friendship: friendshipColumn, blocked: blockedColumn });
});
