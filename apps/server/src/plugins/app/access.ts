import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { notFound, unauthorized } from '../../errors';
import { bearerMatches } from '../../lib/bearer';
import { isDirectLoopback } from '../../lib/peer';
import {
  describeRule,
  memberRuleError,
  undeclaredAccess,
  type RouteRule,
} from '../../lib/access-rules';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (decision 0028). Required: a route without one is refused. */
    access?: RouteRule;
  }
  interface FastifyInstance {
    /** Every route with its declared rule (after `ready`), for the route-table test and docs. */
    accessTable(): RouteAccess[];
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  /** `describeRule` of the declared rule; `(none)` for a route that is refused. */
  access: string;
}

export interface AccessOptions {
  registerToken: string;
  recoverToken: string;
  /** METRICS_TOKEN, when configured. */
  metricsToken?: string;
  localMode: boolean;
}

/**
 * Gives the routes registered inside `scope` (a third-party plugin's, such as the API docs or the
 * static files) the rule `rule`, unless a route declares its own. Call it on the encapsulated
 * context the plugin is registered in, before registering it.
 */
export function declareAccess(scope: FastifyInstance, rule: RouteRule): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: route.config?.access ?? rule };
  });
}

/**
 * Deny by default (decision 0028): every route declares `config.access`, and this plugin enforces
 * it in one place, in an onRequest hook placed first on each route, so a refused request is
 * answered before its body is read or its handler runs. A route without a declaration is refused
 * with 403 `forbidden` and logged as a programming error when the app starts. Register it before
 * any plugin that adds routes: it sees only routes added after it.
 */
export const accessPlugin = fp(async (app: FastifyInstance, options: AccessOptions) => {
  const routes: RouteOptions[] = [];

  /** The rule is read per request: a `declareAccess` scope sets it after this hook saw the route. */
  const guard: onRequestHookHandler = async function (
    request: FastifyRequest,
    _reply: FastifyReply,
  ) {
    const rule = request.routeOptions.config.access;
    if (rule === undefined)
      throw undeclaredAccess(`${request.method} ${request.routeOptions.url ?? ''}`);
    if (rule === 'public') return;
    if (rule === 'loopback') {
      if (!isDirectLoopback(request)) throw notFound();
      return;
    }
    if (rule === 'metrics') {
      if (options.metricsToken && bearerMatches(request, options.metricsToken)) return;
      if (options.localMode && isDirectLoopback(request)) return;
      throw options.metricsToken ? unauthorized('A metrics token is required.') : notFound();
    }
    if (typeof rule === 'object' && 'publicToken' in rule) {
      const expected =
        rule.publicToken === 'register' ? options.registerToken : options.recoverToken;
      if (!bearerMatches(request, expected))
        throw unauthorized(`A valid ${rule.publicToken} token is required.`);
      return;
    }
    // 'member' or a capability: authenticate (one query) and keep the principal for the handler.
    const principal = await app.principalOf(request);
    const refused = memberRuleError(rule, principal);
    if (refused) throw refused;
    request.principal = principal;
  };

  app.decorateRequest('principal', null);
  app.addHook('onRoute', (route) => {
    routes.push(route);
    route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
  });
  app.decorate('accessTable', () =>
    routes.map((route) => ({
      method: String(route.method),
      url: route.url,
      access: describeRule(route.config?.access),
    })),
  );
  app.addHook('onReady', async () => {
    for (const route of routes) {
      if (route.config?.access === undefined)
        app.log.error(
          { method: route.method, url: route.url },
          'route declares no access rule: every request to it is refused (decision 0028)',
        );
    }
  });
});
