import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * What the first screen loads (decision 0018): the login page paints its loading screen from the
 * HTML, in the visitor's language, before any script runs; its scripts carry no data layer and no
 * other page's code; the shell extras come after the first paint.
 */

const ASSETS = join(process.cwd(), 'apps/web/dist');

/**
 * The source modules behind every script the page loaded until `ready` showed and the network was
 * idle after it (on a busy machine, the network can idle while the first scripts still run).
 */
async function modulesLoadedBy(page: Page, path: string, ready: Locator): Promise<string[]> {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(new URL(response.url()).pathname);
  });
  await page.goto(path);
  await expect(ready).toBeVisible();
  await page.waitForLoadState('networkidle');
  return scripts.flatMap((script) => {
    // The bundler's own helpers (its runtime, the preload helper) come without a source map.
    if (!existsSync(join(ASSETS, `${script}.map`))) return [];
    const map = JSON.parse(readFileSync(join(ASSETS, `${script}.map`), 'utf8')) as {
      sources: string[];
    };
    return map.sources;
  });
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

  test('the login page loads no data layer and no code of other pages', async ({ page }) => {
    const modules = await modulesLoadedBy(
      page,
      '/en/login',
      page.getByRole('textbox', { name: /username/i }),
    );
    expect(modules.some((source) => source.includes('features/auth/components/login-form'))).toBe(
      true,
    );
    const unwanted = modules.filter((source) =>
      /@tanstack\/(query-core|react-query)\/|features\/(profile|pages|onboarding)\/|lib\/(profile-api|viewer)\.ts/.test(
        source,
      ),
    );
    expect(unwanted).toEqual([]);
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
