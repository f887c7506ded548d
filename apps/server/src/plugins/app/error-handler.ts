import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorOutput, ErrorParams } from '@attune/contract';
import { AppError, fromDatabaseError } from '../../errors';

/** The input path of a schema error as the client wrote it: `/visibility/Headline` → `visibility.Headline`. */
export const fieldOfPath = (instancePath: string | undefined) =>
  instancePath?.replace(/^\//, '').replace(/\//g, '.') || 'request';

/**
 * The one error handler: every failure answers `{ code, message, data: { status, params } }` with
 * its HTTP status. 5xx details are logged, never sent.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const send = <C extends ErrorCode>(
      status: number,
      code: C,
      message: string,
      params: ErrorParams<C>,
    ) => {
      const body: ErrorOutput = { code, message, data: { status, params } };
      return reply.status(status).send(body);
    };

    const known = error instanceof AppError ? error : fromDatabaseError(error);
    if (known) {
      // A refused value or a lost database is the client's or nobody's fault: no stack in the log,
      // and the data it carried stays out (see db/errors.ts).
      if (known !== error) request.log.warn({ err: error }, `database: ${known.code}`);
      reply.headers(known.headers);
      return send(known.status, known.code, known.message, known.params);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = fieldOfPath(first?.instancePath);
      const detail = first?.message ?? 'invalid value';
      // Our own schema messages are full sentences; library ones get the field name in front.
      return send(
        400,
        'validation_failed',
        /[.!?]$/.test(detail) ? detail : `Invalid ${field}: ${detail}`,
        { field },
      );
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return send(
        status,
        status === 503 ? 'service_unavailable' : 'internal_error',
        'Something went wrong on our side. Please try again later.',
        {},
      );
    }
    if (status === 429) {
      // Only our own limiter answers 429 today; a plugin's 429 still gets the minutes to wait.
      const seconds = Number(reply.getHeader('retry-after')) || 60;
      return send(429, 'rate_limited', error.message, { minutes: Math.ceil(seconds / 60) });
    }
    if (status === 404) return send(404, 'not_found', error.message, {});
    if (status === 413) return send(413, 'request_too_large', 'The request body is too large.', {});
    if (status === 415) return send(415, 'bad_request', 'Unsupported content type.', {});
    return send(status, 'bad_request', error.message, {});
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ErrorOutput = {
      code: 'not_found',
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
      data: { status: 404, params: {} },
    };
    return reply.status(404).send(body);
  });
});
