import type { FastifyInstance } from 'fastify';
import mercurius from 'mercurius';
import {
  GraphQLError,
  Kind,
  Location,
  NoSchemaIntrospectionCustomRule,
  type DocumentNode,
} from 'graphql';
import { AppError, fromDatabaseError } from '../errors';
import {
  authAccess,
  authResolvers,
  authTypeDefs,
  SINGLE_ATTEMPT_FIELDS,
} from '../modules/auth/graphql';
import { memberAccess, memberResolvers, memberTypeDefs } from '../modules/members/graphql';
import { pageAccess, pageResolvers, pageTypeDefs } from '../modules/pages/graphql';
import { postAccess, postResolvers, postTypeDefs } from '../modules/posts/graphql';
import {
  translationAccess,
  translationResolvers,
  translationTypeDefs,
} from '../modules/translations/graphql';
import { userAccess, userResolvers, userTypeDefs } from '../modules/users/graphql';
import { memberPageResolvers, memberPageTypeDefs } from '../modules/member-pages/graphql';
import { declareAccess } from '../plugins/app/access';
import type { RootFieldAccess } from '../lib/access-rules';
import { enforceRootAccess, mergeAccess } from './access';
import type { GraphQLContext } from './context';
import { checkDocumentSize, costLimitRule, QUERY_LIMITS, type QueryLimits } from './cost-limit';
import { singleAttemptRule } from './single-attempt-rule';
import { enforceTimeBudget } from './time-budget';

const rootTypeDefs = /* GraphQL */ `
  type Query {
    _version: String!
  }
  type Mutation {
    _noop: Boolean
  }
`;

/** The root's own fields: the version is public; `_noop` only keeps Mutation from being empty. */
const rootAccess = {
  Query: { _version: 'public' },
  Mutation: { _noop: 'public' },
} satisfies RootFieldAccess;

/** Every root field's rule, as the modules declare them next to their resolvers. */
export const ROOT_FIELD_ACCESS = mergeAccess(
  rootAccess,
  userAccess,
  authAccess,
  pageAccess,
  translationAccess,
  memberAccess,
  postAccess,
);

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

interface Normalised {
  error: GraphQLError;
  /** Headers the answer must carry (`Retry-After` of a rate limit or a lost database). */
  headers?: Record<string, string>;
  /** An unexpected error, logged (redacted) and never sent. */
  internal?: unknown;
  /** A database failure turned into a client or 503 answer, logged as a warning. */
  database?: unknown;
}

/**
 * Normalises one execution error: AppErrors (and database failures, as REST maps them) keep their
 * message and carry `extensions.code`, `status` and `params` (as REST's `data`); mercurius'
 * request errors (validation, depth, body size) stay client errors with their status; anything
 * else is an internal error whose details are logged, never sent.
 */
function normaliseError(error: GraphQLError): Normalised {
  const original = error.originalError as
    (Error & { statusCode?: number; errors?: unknown }) | undefined;
  const base = { nodes: error.nodes, path: error.path };
  const known = original instanceof AppError ? original : fromDatabaseError(original);
  if (known) {
    return {
      error: new GraphQLError(known.message, {
        ...base,
        extensions: { code: known.code, status: known.status, params: known.params },
      }),
      headers: known.headers,
      database: known === original ? undefined : original,
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
    const status = original.statusCode;
    return {
      error: new GraphQLError(original.message, {
        ...base,
        extensions: {
          code: status === 413 ? 'request_too_large' : 'bad_request',
          status,
          params: {},
        },
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

/**
 * The HTTP status of an answer with errors: a rate limit (429) or an unavailable database or time
 * budget (503) keep theirs so clients and proxies see them; a request that never executed answers
 * its error's 4xx status (400 for an invalid document, 413 for a body too large); resolver errors
 * follow GraphQL-over-HTTP (200 with errors).
 */
function statusOf(errors: readonly GraphQLError[], executed: boolean): number {
  const statuses = errors.map((error) => Number(error.extensions.status));
  if (statuses.includes(429)) return 429;
  if (statuses.includes(503)) return 503;
  if (executed) return 200;
  return statuses.find((status) => status >= 400 && status < 500) ?? 400;
}

/** True for a document graphql parsed; mercurius would also take a JSON-encoded AST, which we refuse. */
const isParsedDocument = (document: DocumentNode) =>
  document?.kind === Kind.DOCUMENT && document.loc instanceof Location;

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

export interface GraphqlPluginOptions {
  /** Whether `__schema` and `__type` answer (GRAPHQL_INTROSPECTION; on in local mode). */
  introspection: boolean;
  /** Overrides of the query limits (tests). */
  limits?: Partial<QueryLimits>;
}

/**
 * The graph endpoint at /graphql (mercurius): no batching, sensitive mutations alone, depth and
 * cost limits checked before execution, a time budget during it (decision 0022).
 */
export async function graphqlPlugin(app: FastifyInstance, options: GraphqlPluginOptions) {
  const limits: QueryLimits = { ...QUERY_LIMITS, ...options.limits };
  // The endpoint itself is open: each root field declares and checks its own rule.
  declareAccess(app, 'public');
  await app.register(mercurius, {
    schema: [
      rootTypeDefs,
      userTypeDefs,
      memberPageTypeDefs,
      authTypeDefs,
      pageTypeDefs,
      translationTypeDefs,
      memberTypeDefs,
      postTypeDefs,
    ],
    resolvers: mergeResolvers(
      { Query: { _version: () => '1' } },
      userResolvers,
      memberPageResolvers,
      authResolvers,
      pageResolvers,
      translationResolvers,
      memberResolvers,
      postResolvers,
    ) as never,
    path: '/graphql',
    graphiql: false,
    allowBatchedQueries: false,
    // A document seen once is compiled to a function (graphql-jit) on its second run, and parsed and
    // validated documents are kept (mercurius' LRU of 1,024): the web app sends a handful of
    // documents over and over (decision 0020).
    jit: 1,
    cache: 1024,
    queryDepth: 8,
    validationRules: [
      singleAttemptRule(SINGLE_ATTEMPT_FIELDS),
      costLimitRule(limits),
      ...(options.introspection ? [] : [NoSchemaIntrospectionCustomRule]),
    ],
    context: (request, reply): GraphQLContext => ({
      app,
      request,
      reply,
      deadline: performance.now() + limits.timeBudgetMs,
    }),
    errorFormatter: (execution, context) => {
      const normalised = flatten(execution.errors ?? []).map(normaliseError);
      for (const { internal, database, headers } of normalised) {
        if (internal) context.reply.log.error({ err: internal }, 'graphql resolver failed');
        if (database) context.reply.log.warn({ err: database }, 'graphql: database failure');
        if (headers) context.reply.headers(headers);
      }
      const errors = normalised.map(({ error }) => error);
      const executed = 'data' in execution && execution.data !== undefined;
      return {
        statusCode: statusOf(errors, executed),
        response: { data: execution.data ?? null, errors: errors.map((error) => error.toJSON()) },
      };
    },
  });
  // Before parsing: a document too long to read cheaply never reaches the parser.
  app.graphql.addHook('preParsing', async (_schema, source) =>
    checkDocumentSize(source, limits.maxTokens),
  );
  app.graphql.addHook('preValidation', async (_schema, document) => {
    if (!isParsedDocument(document))
      throw new AppError('bad_request', 400, 'The query is not a valid GraphQL document.');
  });
  // A mutation may change its member: what the caches keep about them is forgotten before it
  // answers (modules/users/member-changes.ts).
  app.graphql.addHook('preExecution', async (_schema, document, context) => {
    if (
      document.definitions.some(
        (definition) =>
          definition.kind === Kind.OPERATION_DEFINITION && definition.operation === 'mutation',
      )
    )
      context.reply.request.mayChange = true;
  });
  enforceRootAccess(app.graphql.schema, ROOT_FIELD_ACCESS, app.log);
  enforceTimeBudget(app.graphql.schema);
}
