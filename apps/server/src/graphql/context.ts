import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface GraphQLContext {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
}
