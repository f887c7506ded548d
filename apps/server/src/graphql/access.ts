import { defaultFieldResolver, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { FastifyBaseLogger } from 'fastify';
import {
  memberRuleError,
  undeclaredAccess,
  type FieldRule,
  type RootFieldAccess,
} from '../lib/access-rules';
import type { GraphQLContext } from './context';

const ROOT_TYPES = ['Query', 'Mutation'] as const;

/** Merges the modules' root-field rules; a field declared twice is a programming error. */
export function mergeAccess(...all: RootFieldAccess[]): RootFieldAccess {
  const merged: Required<RootFieldAccess> = { Query: {}, Mutation: {} };
  for (const access of all) {
    for (const type of ROOT_TYPES) {
      for (const [field, rule] of Object.entries(access[type] ?? {})) {
        if (field in merged[type]) throw new Error(`${type}.${field} declares access twice`);
        merged[type][field] = rule;
      }
    }
  }
  return merged;
}

const rootType = (schema: GraphQLSchema, name: (typeof ROOT_TYPES)[number]) =>
  name === 'Query' ? schema.getQueryType() : schema.getMutationType();

/**
 * Deny by default for GraphQL (decision 0028): wraps every root field's resolver so its declared
 * rule is checked before it runs. A field without a rule answers `forbidden` whoever asks, and is
 * logged as a programming error once, at start. For a member rule the principal (one query,
 * shared with the rest of the request) is kept on the request for `memberOf`.
 */
export function enforceRootAccess(
  schema: GraphQLSchema,
  access: RootFieldAccess,
  log: FastifyBaseLogger,
): void {
  for (const typeName of ROOT_TYPES) {
    for (const field of Object.values(rootType(schema, typeName)?.getFields() ?? {})) {
      const rule: FieldRule | undefined = access[typeName]?.[field.name];
      const resolve = field.resolve ?? defaultFieldResolver;
      if (rule === undefined) {
        log.error(
          { field: `${typeName}.${field.name}` },
          'GraphQL field declares no access rule: every request for it is refused (decision 0028)',
        );
        field.resolve = () => {
          throw undeclaredAccess(`${typeName}.${field.name}`);
        };
        continue;
      }
      if (rule === 'public') continue;
      const guarded: GraphQLFieldResolver<unknown, GraphQLContext> = async (
        source,
        args,
        context,
        info,
      ) => {
        const principal = await context.app.principalOf(context.request);
        const refused = memberRuleError(rule, principal);
        if (refused) throw refused;
        context.request.principal = principal;
        return resolve(source, args, context, info);
      };
      field.resolve = guarded as GraphQLFieldResolver<unknown, unknown>;
    }
  }
}
