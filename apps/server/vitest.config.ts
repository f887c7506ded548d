import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // One graphql for our code and mercurius (CommonJS), as Node loads it in production: Vite
    // would pick graphql's ES build for our imports, and graphql refuses schema objects from the
    // other copy ("from another module or realm").
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Tests of PostgreSQL itself (failover, two instances starting at once) run in the PostgreSQL
    // suite only; on PGlite they are left out rather than reported as skipped. Tests of the
    // built server's process (*.process.test.ts: output, signals) start it on its embedded
    // database whatever the suite, so they run once, in the PGlite suite.
    exclude: [
      '**/node_modules/**',
      ...(process.env.ATTUNE_TEST_ENGINE === 'postgres'
        ? ['**/*.process.test.ts']
        : ['**/*.postgres.test.ts']),
    ],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database; two workers match the two cores.
    pool: 'forks',
    maxWorkers: 2,
    // Files share their worker's module registry: the app's modules (Fastify, mercurius, Drizzle,
    // the schema) load once per worker instead of once per file, which took 40 % of each suite
    // (212 s → 122 s on PGlite, 175 s → 108 s on PostgreSQL, 2026-11-27). It is safe because
    // nothing here keeps per-test state in a module: every app, database, pool and cache is made
    // by the file that uses it (module-level maps are keyed by those objects, or hold the bundled
    // texts), and no test mocks a module or changes process.env.
    isolate: false,
  },
});
