#!/usr/bin/env node
// The bench's baseline (scripts/bench.mjs starts it in its own process): a bare Fastify route that
// runs one `SELECT … FROM users … LIMIT 20` through `pg` on the same PostgreSQL database as the
// server under test. No authentication, no schema, no logging: what one round trip costs. The
// statement is prepared (a named query: parsed and planned once per connection), as the server's
// own hot statements are, so the comparison is not flattered by the baseline's parsing.
// Env: DATABASE_URL, PORT. Prints "ready" once it listens.
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const require = createRequire(join(ROOT, 'apps/server/package.json'));
const Fastify = require('fastify');
const pg = require('pg');

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => {});
const app = Fastify({ logger: false });
app.get('/users', async () => {
  const { rows } = await pool.query({
    name: 'bench-baseline-users',
    text: 'SELECT id, nickname, username, avatar_url FROM users ORDER BY id LIMIT 20',
  });
  return rows;
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
const stop = () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
