import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * What the first screen loads (decision 0018): the login page paints its loading screen from the
 * HTML, in the visitor's language, before any script runs; its scripts carry no data layer and no
 * other page's code; the shell extras come after the first paint.
 */

const ASSETS = join(process.cwd(), 'apps/web/dist');

/** The budget of the login page's scripts as served, brotli (issue 9, decision 0018). */
const LOGIN_BUDGET_BYTES = 180 * 1024;

/**
 * The scripts the page loaded until `ready` showed and the network was idle after it (on a busy
 * machine, the network can idle while the first scripts still run), as paths like `/assets/x.js`.
 */
async function scriptsLoadedBy(page: Page, path: string, ready: Locator): Promise<string[]> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(path);
  await expect(ready).toBeVisible();
  await page.waitForLoadState('networkidle');
  return [...scripts];
}

/** The source modules behind `scripts`, read from their source maps. */
function modulesOf(scripts: string[]): string[] {
  return scripts.flatMap((script) => {
    // The bundler's own helpers (its runtime, the preload helper) come without a source map.
    if (!existsSync(join(ASSETS, `${script}.map`))) return [];
    const map = JSON.parse(readFileSync(join(ASSETS, `${script}.map`), 'utf8')) as {
      sources: string[];
    };
    return map.sources;
  });
}

/** The source modules behind every script the page loaded (see `scriptsLoadedBy`). */
async function modulesLoadedBy(page: Page, path: string, ready: Locator): Promise<string[]> {
  return modulesOf(await scriptsLoadedBy(page, path, ready));
}

/**
 * Bytes of a built script as the server sends it to a browser that accepts brotli: its
 * pre-compressed `.br` copy, or the file itself when it is too small to have one (vite.config.ts).
 * A script the build did not make (another origin's) is not ours to count: 0.
 */
function servedBrotliBytes(script: string): number {
  const file = join(ASSETS, script);
  if (existsSync(`${file}.br`)) return statSync(`${file}.br`).size;
  return existsSync(file) ? statSync(file).size : 0;
}

test.describe('first screen', () => {
  test('the loading screen is painted from the HTML, in the page language, before any script', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, lang, text] of [
      ['/de/login', 'de', 'Wird geladen…'],
      ['/es/register', 'es', 'Cargando…'],
      ['/en/login', 'en', 'Loading…'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('status')).toHaveText(text);
    }
    await context.close();
  });

  test('the login page loads no data layer, no zod and no code of other pages', async ({
    page,
  }) => {
    const scripts = await scriptsLoadedBy(
      page,
      '/en/login',
      page.getByRole('textbox', { name: /username/i }),
    );
    const modules = modulesOf(scripts);
    expect(modules.some((source) => source.includes('features/auth/components/login-form'))).toBe(
      true,
    );
    // The data layer (TanStack Query, the viewer, the layouts that fetch), profile code of the web
    // app and of the contract, and zod: a module-level zod schema in a contract module the first
    // screen imports (the error codes, say) pulls in all of zod, ~22 KB brotli.
    const unwanted = modules.filter((source) =>
      /@tanstack\/(query-core|react-query)\/|node_modules\/zod\/|features\/(profile|pages|onboarding)\/|lib\/(profile-api|profile-payload|viewer|query-client|display-name)\.ts|components\/layout\/(query-layer|logged-layout)\.tsx|components\/forms\/|hooks\/use-nickname-check\.ts|components\/ui\/user-fetch-error\.tsx|contract\/src\/(profile|profile-rules|public-profile)\.ts/.test(
        source,
      ),
    );
    expect(unwanted).toEqual([]);
    // And the sum stays within the budget the bench reports (npm run bench, docs/BENCHMARKS.md).
    const brotliBytes = scripts.reduce((total, script) => total + servedBrotliBytes(script), 0);
    expect(brotliBytes, `${(brotliBytes / 1024).toFixed(1)} KB brotli`).toBeLessThanOrEqual(
      LOGIN_BUDGET_BYTES,
    );
  });

  test('a page that fetches its content loads the data layer with it', async ({ page }) => {
    const modules = await modulesLoadedBy(
      page,
      '/en/about',
      page.getByRole('heading', { level: 1 }),
    );
    expect(modules.some((source) => source.includes('@tanstack/query-core/'))).toBe(true);
  });
});
