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
    // suite only; on PGlite they are left out rather than reported as skipped.
    exclude: [
      '**/node_modules/**',
      ...(process.env.ATTUNE_TEST_ENGINE === 'postgres' ? [] : ['**/*.postgres.test.ts']),
    ],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database; two workers match the two cores.
    pool: 'forks',
    maxWorkers: 2,
  },
});
