import type { FastifyReply } from 'fastify';

/**
 * Sends a response body already written as JSON text, past the response serializer: pages
 * joined from JSON kept in memory (the member directory's entries, the posts' cards; decisions
 * 0035, 0051) would otherwise be parsed by the route's schema and written again. The route's
 * tests check such text against the schema, as the serializer would have.
 */
export function sendJsonText<Output>(reply: FastifyReply, json: string): Output {
  // Typed as the schema's output for the type provider: the text is that output, written.
  return reply.type('application/json; charset=utf-8').send(json) as unknown as Output;
}
