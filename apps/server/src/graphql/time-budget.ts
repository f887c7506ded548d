import { isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { AppError, DATABASE_RETRY_AFTER_SECONDS } from '../errors';

/** What the context of a request carries for its time budget: `performance.now()` to stop at. */
export interface TimeBudget {
  deadline?: number;
}

export const queryTimeout = () =>
  new AppError(
    'query_timeout',
    503,
    'The request took too long and was stopped. Please try again in a moment.',
    {},
    { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  );

const wrapped = new WeakSet<GraphQLFieldResolver<unknown, unknown>>();

/**
 * Makes every resolver of the schema check the request's deadline before it starts: once the
 * budget is spent, the remaining resolvers answer `query_timeout` instead of reading more, so a
 * request that passed the cost limit still cannot hold the database and the event loop for long.
 * A resolver already running finishes (statement_timeout bounds its queries). Idempotent.
 */
export function enforceTimeBudget(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve;
      if (!resolve || wrapped.has(resolve)) continue;
      const guarded: GraphQLFieldResolver<unknown, TimeBudget> = function (
        this: unknown,
        source,
        args,
        context,
        info,
      ) {
        if (context?.deadline !== undefined && performance.now() > context.deadline)
          throw queryTimeout();
        return resolve.call(this, source, args, context, info);
      };
      wrapped.add(guarded as GraphQLFieldResolver<unknown, unknown>);
      field.resolve = guarded as GraphQLFieldResolver<unknown, unknown>;
    }
  }
}
