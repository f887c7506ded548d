import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';

export interface MetricsOptions {
  database: Database;
}

/**
 * Process metrics (CPU, memory, event-loop lag, GC) are collected once per process, however many
 * apps it builds (tests build many); each app adds its own request and pool metrics.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * `/metrics` in the Prometheus text format (prom-client): request durations by route pattern
 * (never the raw URL, whose ids would make a series per member), database pool use and the
 * process metrics, event-loop lag among them. Who may read it (decision 0022) is its access rule
 * `metrics` (plugins/app/access.ts): a scraper with the METRICS_TOKEN bearer; in local mode also
 * a direct loopback peer. Anyone else gets 401 when a token is configured, else 404.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const registry = new Registry();
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const { database } = options;
  if (database.poolStats) {
    const stats = database.poolStats.bind(database);
    new Gauge({
      name: 'attune_db_pool_connections',
      help: 'PostgreSQL pool connections by state: total (open), idle, waiting (queries queued for one), max.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { total, idle, waiting, max } = stats();
        this.set({ state: 'total' }, total);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
        this.set({ state: 'max' }, max);
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    // Unmatched requests share one series, so random URLs cannot add series.
    const route = request.routeOptions.url ?? '(unmatched)';
    durations.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get(
    '/metrics',
    { config: { access: 'metrics' }, schema: { hide: true } },
    async (_request, reply) => {
      const merged = Registry.merge([processMetrics(), registry]);
      reply.type(merged.contentType);
      return merged.metrics();
    },
  );
});
