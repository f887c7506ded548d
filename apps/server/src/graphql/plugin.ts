import type { FastifyInstance } from 'fastify';
import mercurius from 'mercurius';
import { GraphQLError } from 'graphql';
import { AppError } from '../errors';
import { authResolvers, authTypeDefs, SINGLE_ATTEMPT_FIELDS } from '../modules/auth/graphql';
import { pageResolvers, pageTypeDefs } from '../modules/pages/graphql';
import { userResolvers, userTypeDefs } from '../modules/users/graphql';
import type { GraphQLContext } from './context';
import { singleAttemptRule } from './single-attempt-rule';

const rootTypeDefs = /* GraphQL */ `
  type Query {
    _version: String!
  }
  type Mutation {
    _noop: Boolean
  }
`;

type Resolvers = Record<string, Record<string, unknown>>;

function mergeResolvers(...all: Resolvers[]): Resolvers {
  const merged: Resolvers = {};
  for (const resolvers of all) {
    for (const [type, fields] of Object.entries(resolvers))
      merged[type] = { ...merged[type], ...fields };
  }
  return merged;
}

const INTERNAL = 'Something went wrong on our side. Please try again later.';

/**
 * Normalises one execution error: AppErrors keep their message and carry `extensions.code`,
 * `status` and `params` (as REST's `data`); mercurius' request errors (validation, depth) stay
 * client errors; anything else is an internal error whose details are logged, never sent.
 */
function normaliseError(error: GraphQLError): { error: GraphQLError; internal?: unknown } {
  const original = error.originalError as
    (Error & { statusCode?: number; errors?: unknown }) | undefined;
  const base = { nodes: error.nodes, path: error.path };
  if (original instanceof AppError) {
    return {
      error: new GraphQLError(original.message, {
        ...base,
        extensions: { code: original.code, status: original.status, params: original.params },
      }),
    };
  }
  if (!original || original instanceof GraphQLError) {
    return {
      error: new GraphQLError(error.message, {
        ...base,
        extensions: { code: 'bad_request', status: 400, params: {}, ...error.extensions },
      }),
    };
  }
  if (typeof original.statusCode === 'number' && original.statusCode < 500) {
    return {
      error: new GraphQLError(original.message, {
        ...base,
        extensions: { code: 'bad_request', status: original.statusCode, params: {} },
      }),
    };
  }
  return {
    error: new GraphQLError(INTERNAL, {
      ...base,
      extensions: { code: 'internal_error', status: 500, params: {} },
    }),
    internal: original,
  };
}

/** Validation failures arrive as one error wrapping several; unwrap them like mercurius does. */
function flatten(errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.flatMap((error) => {
    const nested = (error.originalError as { errors?: unknown } | undefined)?.errors;
    return Array.isArray(nested)
      ? nested.map((inner) =>
          inner instanceof GraphQLError ? inner : new GraphQLError(String(inner?.message ?? inner)),
        )
      : [error];
  });
}

/** The graph endpoint at /graphql (mercurius): depth-limited, no batching, sensitive mutations alone. */
export async function graphqlPlugin(app: FastifyInstance) {
  await app.register(mercurius, {
    schema: [rootTypeDefs, userTypeDefs, authTypeDefs, pageTypeDefs],
    resolvers: mergeResolvers(
      { Query: { _version: () => '1' } },
      userResolvers,
      authResolvers,
      pageResolvers,
    ) as never,
    path: '/graphql',
    graphiql: false,
    allowBatchedQueries: false,
    queryDepth: 8,
    validationRules: [singleAttemptRule(SINGLE_ATTEMPT_FIELDS)],
    context: (request, reply): GraphQLContext => ({ app, request, reply }),
    errorFormatter: (execution, context) => {
      const errors = flatten(execution.errors ?? []).map((raw) => {
        const { error, internal } = normaliseError(raw);
        if (internal) context.reply.log.error({ err: internal }, 'graphql resolver failed');
        return error;
      });
      // A rate limit keeps its 429 so clients and proxies see it; a request that never executed
      // (invalid document) is a 400; resolver errors follow GraphQL-over-HTTP (200 with errors).
      const rateLimited = errors.some((error) => error.extensions.code === 'rate_limited');
      const executed = 'data' in execution && execution.data !== undefined;
      const statusCode = rateLimited ? 429 : executed ? 200 : 400;
      return {
        statusCode,
        response: { data: execution.data ?? null, errors: errors.map((error) => error.toJSON()) },
      };
    },
  });
}
