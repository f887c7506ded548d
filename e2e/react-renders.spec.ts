import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * React 19 with react-dom renders the web app: a requirement of the person we build for, not a
 * budget choice (decision 0018). These checks read the shipped build, so a compatible stand-in
 * renderer cannot come back through a dependency, an alias or a plugin without a failing test.
 */

const WEB = join(process.cwd(), 'apps/web');
const ASSETS = join(WEB, 'dist/assets');

/** Every module path the built scripts were made from, read from their source maps. */
function builtSources(): string[] {
  return readdirSync(ASSETS)
    .filter((file) => file.endsWith('.js.map'))
    .flatMap((file) => {
      const map = JSON.parse(readFileSync(join(ASSETS, file), 'utf8')) as { sources: string[] };
      return map.sources;
    });
}

test('apps/web depends on react and react-dom, and on nothing from preact', () => {
  const manifest = JSON.parse(readFileSync(join(WEB, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string> | undefined
  >;
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  expect(names).toEqual(expect.arrayContaining(['react', 'react-dom', '@vitejs/plugin-react']));
  expect(names.filter((name) => /preact/i.test(name))).toEqual([]);
});

test('the built assets hold react-dom and no module from preact', () => {
  const sources = builtSources();
  expect(sources.some((source) => source.includes('node_modules/react-dom/'))).toBe(true);
  expect(sources.filter((source) => /node_modules\/(@preact|preact)\//.test(source))).toEqual([]);
});

test('the page in the browser is rendered by react-dom', async ({ page }) => {
  await page.goto('/en/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // createRoot marks its container with a `__reactContainer$…` key; no other renderer does.
  const rootKeys = await page.evaluate(() =>
    Object.keys(document.getElementById('root') ?? {}).filter((key) =>
      key.startsWith('__reactContainer$'),
    ),
  );
  expect(rootKeys).toHaveLength(1);
});
