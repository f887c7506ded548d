import type { FastifyReply } from 'fastify';

/**
 * Sends a response body already written as JSON (text, or its UTF-8 bytes), past the response
 * serializer: pages joined from JSON kept in memory (the member directory's entries, the posts'
 * cards; decisions 0035, 0051) would otherwise be parsed by the route's schema and written again.
 * The route's tests check such text against the schema, as the serializer would have.
 */
export function sendJsonText<Output>(reply: FastifyReply, json: string | Buffer): Output {
  // Typed as the schema's output for the type provider: the text is that output, written.
  return reply.type('application/json; charset=utf-8').send(json) as unknown as Output;
}

/**
 * JSON text as UTF-8 bytes in memory of their own, for a value kept in a cache for seconds
 * (decision 0058): outside the JavaScript heap, the young-generation collector does not copy
 * them while they live. Never a slice of Node's shared 8 kB pool, which a small kept value would
 * hold whole for as long as it is kept.
 */
export function keptBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/** These parts joined into bytes of their own (as keptBytes). */
export function joinKept(parts: readonly Uint8Array[]): Buffer {
  const bytes = Buffer.allocUnsafeSlow(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}
