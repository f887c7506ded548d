import {
  getNamedType,
  GraphQLError,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  Kind,
  Lexer,
  Source,
  TokenKind,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
  type ValueNode,
} from 'graphql';
import { AppError } from '../errors';
import { rootFields } from './single-attempt-rule';

/**
 * Limits on one GraphQL request (decision 0022). A document is refused before it runs when it is
 * too long to read cheaply, selects too many root fields (each root field is a separate read), or
 * would answer with too many fields; a request that passes is stopped when it runs past its time
 * budget.
 */
export interface QueryLimits {
  /** Lexical tokens in the document; the web app's largest operation has about 150. */
  maxTokens: number;
  /** Fields at the root of an operation, aliases and fragments included. */
  maxRootFields: number;
  /** Fields the answer may hold: every selected field counts 1 for each parent it may appear in. */
  maxCost: number;
  /** Page size assumed when `first`/`last` comes from a variable or is left out. */
  assumedPageSize: number;
  /** Milliseconds a request may spend before its remaining resolvers are refused. */
  timeBudgetMs: number;
}

export const QUERY_LIMITS: QueryLimits = {
  maxTokens: 3_000,
  maxRootFields: 20,
  maxCost: 50_000,
  assumedPageSize: 1_000,
  timeBudgetMs: 5_000,
};

export const queryTooComplex = (message: string) => new AppError('query_too_complex', 400, message);

/**
 * Counts the document's tokens, stopping at the limit: refuses an oversized document before
 * graphql parses and validates it (10,000 aliases take ~0.4 s to parse and validate).
 */
export function checkDocumentSize(source: string, maxTokens: number): void {
  // A token is at least one character long: short documents cannot be over the limit.
  if (source.length <= maxTokens) return;
  const lexer = new Lexer(new Source(source));
  let tokens = 0;
  try {
    while (lexer.advance().kind !== TokenKind.EOF) {
      tokens += 1;
      if (tokens > maxTokens)
        throw queryTooComplex(`The query is too long: more than ${maxTokens} tokens.`);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A syntax error: graphql's parser reports it with its position.
  }
}

/** A literal whole number, or undefined for a variable or any other value. */
function literalInt(value: ValueNode | undefined): number | undefined {
  if (value?.kind !== Kind.INT) return undefined;
  return Math.max(0, Number(value.value));
}

/**
 * How many times the field's children may repeat: its `first`/`last` argument for paged fields
 * (a variable or a missing value counts as the assumed page size, or the argument's default);
 * 1 for anything else, including unpaged lists, which hold a member's own few entries (roles,
 * extended profile fields) loaded with their parent.
 */
function repeatCount(
  field: GraphQLField<unknown, unknown> | undefined,
  args: readonly { name: { value: string }; value: ValueNode }[],
  limits: QueryLimits,
): number {
  if (!field) return 1;
  const pageArgs = field.args.filter((arg) => arg.name === 'first' || arg.name === 'last');
  if (pageArgs.length === 0) return 1;
  let size = 0;
  for (const definition of pageArgs) {
    const given = args.find((arg) => arg.name.value === definition.name);
    const count = given
      ? (literalInt(given.value) ?? limits.assumedPageSize)
      : typeof definition.defaultValue === 'number'
        ? definition.defaultValue
        : limits.assumedPageSize;
    size = Math.max(size, count);
  }
  return size;
}

/** The field's definition; undefined for `__schema`/`__type` and for fields graphql reports as unknown. */
function fieldOf(parent: GraphQLCompositeType, name: string) {
  if (isObjectType(parent) || isInterfaceType(parent)) return parent.getFields()[name];
  return undefined;
}

/** The type whose fields a selection on this field picks from. */
function childType(schema: GraphQLSchema, parent: GraphQLCompositeType, name: string) {
  if (name === '__schema') return schema.getType('__Schema');
  if (name === '__type') return schema.getType('__Type');
  const field = fieldOf(parent, name);
  return field && getNamedType(field.type);
}

/** What the cost needs from graphql's ValidationContext (tests pass their own). */
export interface CostScope {
  getSchema(): GraphQLSchema;
  getFragment(name: string): FragmentDefinitionNode | null | undefined;
}

/**
 * The most fields an answer to this selection can hold, per parent object: each field counts 1,
 * a paged field's children count once per possible item. Fragments are spread where used (their
 * cost is remembered, so a fragment spread many times costs nothing extra to compute).
 */
function selectionCost(
  context: CostScope,
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType,
  limits: QueryLimits,
  fragmentCosts: Map<string, number>,
  spreading: ReadonlySet<string>,
): number {
  const schema = context.getSchema();
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      cost += 1;
      if (!selection.selectionSet) continue;
      const name = selection.name.value;
      const type = childType(schema, parent, name);
      // Unknown fields are reported by graphql's own rules.
      if (!type || !isCompositeType(type)) continue;
      const repeat = repeatCount(fieldOf(parent, name), selection.arguments ?? [], limits);
      cost +=
        repeat *
        selectionCost(context, selection.selectionSet, type, limits, fragmentCosts, spreading);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const condition =
        selection.typeCondition && schema.getType(selection.typeCondition.name.value);
      const type = condition && isCompositeType(condition) ? condition : parent;
      cost += selectionCost(
        context,
        selection.selectionSet,
        type,
        limits,
        fragmentCosts,
        spreading,
      );
    } else {
      const name = selection.name.value;
      const known = fragmentCosts.get(name);
      if (known !== undefined) {
        cost += known;
        continue;
      }
      const fragment = context.getFragment(name);
      // A cycle is reported by graphql's own rules.
      if (!fragment || spreading.has(name)) continue;
      const condition = schema.getType(fragment.typeCondition.name.value);
      const type = condition && isCompositeType(condition) ? condition : parent;
      const fragmentCost = selectionCost(
        context,
        fragment.selectionSet,
        type,
        limits,
        fragmentCosts,
        new Set([...spreading, name]),
      );
      fragmentCosts.set(name, fragmentCost);
      cost += fragmentCost;
    }
    // Past the limit the exact number no longer matters; stop before it grows without bound.
    if (cost > limits.maxCost) return cost;
  }
  return cost;
}

/**
 * Refuses an operation, before it runs, when it selects more than `maxRootFields` root fields or
 * its answer could hold more than `maxCost` fields (code `query_too_complex`). The web app's
 * `ListMyFriends` (`users(first: 1000)` with the friend fields) costs about 20,000.
 */
export function costLimitRule(limits: QueryLimits = QUERY_LIMITS): ValidationRule {
  return (context) => ({
    OperationDefinition(node) {
      const { rootFields: roots, cost } = operationCost(context, node, limits);
      const message =
        roots > limits.maxRootFields
          ? `The query selects ${roots} root fields; at most ${limits.maxRootFields} are allowed.`
          : cost > limits.maxCost
            ? `The query could answer with more than ${limits.maxCost} fields.`
            : undefined;
      if (message) {
        context.reportError(
          new GraphQLError(message, { nodes: [node], extensions: { code: 'query_too_complex' } }),
        );
      }
    },
  });
}

/** Root fields and cost of one operation (the cost is not computed past too many root fields). */
export function operationCost(
  scope: CostScope,
  operation: OperationDefinitionNode,
  limits: QueryLimits = QUERY_LIMITS,
): { rootFields: number; cost: number } {
  const root = scope.getSchema().getRootType(operation.operation);
  const roots = rootFields(scope, operation.selectionSet).length;
  if (!root || roots > limits.maxRootFields) return { rootFields: roots, cost: 0 };
  return {
    rootFields: roots,
    cost: selectionCost(scope, operation.selectionSet, root, limits, new Map(), new Set()),
  };
}
