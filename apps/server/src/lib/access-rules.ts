import { hasCapability, type Capability } from '@attune/contract';
import { AppError, forbidden, unauthorized } from '../errors';

/**
 * What a route or a GraphQL root field needs before its handler runs (decision 0028). Every route
 * and root field declares one; one without is refused (deny by default).
 *
 * - `public`: anyone; a handler may still read the optional principal.
 * - `member`: a signed-in member (Bearer auth token).
 * - `{ capability }`: a signed-in member whose roles grant it (the contract's table).
 */
export type MemberRule = 'member' | { capability: Capability };
export type FieldRule = 'public' | MemberRule;

/**
 * Rules only routes have, for the few doors that are not about members:
 * - `{ publicToken }`: the public register or recover token as Bearer (spec §6), sign-up and recovery.
 * - `loopback`: only a direct connection from this machine (the dev outbox lists every code sent);
 *   anyone else gets 404, as if the page did not exist.
 * - `metrics`: the METRICS_TOKEN bearer, or in local mode a direct loopback peer (decision 0022);
 *   anyone else 401 when a token is configured, else 404.
 */
export type RouteRule =
  FieldRule | { publicToken: 'register' | 'recover' } | 'loopback' | 'metrics';

/** A rule as one short word, for the route table, logs and tests: `member`, `capability:manage_users`. */
export function describeRule(rule: RouteRule | undefined): string {
  if (rule === undefined) return '(none)';
  if (typeof rule === 'string') return rule;
  if ('capability' in rule) return `capability:${rule.capability}`;
  return `token:${rule.publicToken}`;
}

/** The error a member rule gives this principal (null when it lets them through). */
export function memberRuleError(
  rule: MemberRule,
  principal: { capabilities: readonly string[] } | null,
): AppError | null {
  if (!principal) return unauthorized();
  if (rule === 'member' || hasCapability(principal.capabilities, rule.capability)) return null;
  return forbidden('You are not allowed to do this.');
}

/** What a route or field without a declared rule answers: refused, whoever asks. */
export const undeclaredAccess = (what: string) =>
  new AppError('forbidden', 403, `${what} declares no access rule, so it is refused.`);

/**
 * The principal the access check stored for a route or field that declares a member rule. Throws
 * (a programming error, answered 500) when called where no member rule ran, so a handler cannot
 * silently act for nobody.
 */
export function memberOf<P>(request: { principal: P | null }): P {
  if (!request.principal)
    throw new Error('memberOf: this route or field declares no member rule (decision 0028)');
  return request.principal;
}

/** The rules of a module's GraphQL root fields, declared next to its resolvers. */
export interface RootFieldAccess {
  Query?: Record<string, FieldRule>;
  Mutation?: Record<string, FieldRule>;
}
