import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/paths';
import { createTestApp, type TestApp } from './app';

/**
 * docs/API-ROUTES.md is written from the app itself: every REST route with who may call it
 * (decision 0028) and what it does (its OpenAPI summary). This test fails when the file and the
 * app differ, so the reference cannot fall behind the code; `UPDATE_API_REFERENCE=1` rewrites it.
 */
const FILE = join(SERVER_ROOT, '..', '..', 'docs', 'API-ROUTES.md');

interface OpenApi {
  paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
}

/** Fastify's `/a/:b` as OpenAPI writes it, `/a/{b}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

function render(table: { method: string; url: string; access: string }[], docs: OpenApi) {
  const rows = table
    .filter(({ url }) => url.startsWith('/api/') && !url.startsWith('/api/docs'))
    .filter(({ method }) => method !== 'HEAD')
    .map(({ method, url, access }) => {
      const operation = docs.paths[openApiPath(url)]?.[method.toLowerCase()];
      return {
        tag: operation?.tags?.[0] ?? '',
        line: `| ${method} | \`${url}\` | ${cell(access)} | ${cell(operation?.summary ?? '')} |`,
        key: `${operation?.tags?.[0] ?? ''} ${url} ${method}`,
      };
    })
    .sort((a, b) => a.key.localeCompare(b.key));
  const sections: string[] = [];
  let tag: string | undefined;
  for (const row of rows) {
    if (row.tag !== tag) {
      tag = row.tag;
      sections.push(
        `\n## ${tag || 'other'}\n`,
        '| method | path | who may call | what it does |',
        '| --- | --- | --- | --- |',
      );
    }
    sections.push(row.line);
  }
  return [
    '# Attune REST routes',
    '',
    'Written from the app by `apps/server/test/api-reference.test.ts` (every route, its access rule',
    'and its OpenAPI summary); that test fails when this file and the app differ. Rewrite it with',
    '`UPDATE_API_REFERENCE=1 npx vitest run test/api-reference.test.ts` in `apps/server`. The',
    'conventions, GraphQL and the errors are in `docs/API.md`; request and answer schemas in',
    '`packages/contract` and at `/api/docs`.',
    ...sections,
    '',
  ].join('\n');
}

describe('the REST reference (docs/API-ROUTES.md)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_DOCS: '1' });
  });
  afterAll(() => t?.close());

  it('lists every route the app serves, with its rule and summary', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    const table = t.app
      .accessTable()
      .flatMap(({ method, url, access }) =>
        method.split(',').map((one) => ({ method: one, url, access })),
      );
    // As `npm run format` leaves it, so that the formatter and this test agree.
    const written = await format(render(table, docs), {
      ...(await resolveConfig(FILE)),
      filepath: FILE,
    });
    if (process.env.UPDATE_API_REFERENCE === '1') writeFileSync(FILE, written);
    const committed = readFileSync(FILE, 'utf8');
    expect(committed, 'docs/API-ROUTES.md differs from the app: rewrite it (see its head)').toBe(
      written,
    );
  });
});
