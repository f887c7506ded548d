import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface GraphQLContext {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  /** `performance.now()` after which resolvers refuse to start (graphql/time-budget.ts). */
  deadline?: number;
}
