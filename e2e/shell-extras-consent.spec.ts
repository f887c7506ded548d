import { expect, test, type Page } from '@playwright/test';

const PROVIDER_PATH = '/e2e-consent-provider/loader.js';

/** Serves /config.json with a consent provider on our own origin (the CSP allows only that). */
async function configureProvider(page: Page, origin: string, answer: 'script' | 'missing') {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: {
        ...config,
        consent: {
          scriptUrl: `${origin}${PROVIDER_PATH}`,
          id: 'e2e-settings-id',
          languageAttribute: 'data-language',
        },
      },
    });
  });
  await page.route(`**${PROVIDER_PATH}`, (route) =>
    answer === 'script'
      ? route.fulfill({
          contentType: 'text/javascript',
          body: 'window.__consentLoads = (window.__consentLoads || 0) + 1;',
        })
      : route.fulfill({ status: 404, body: 'not found' }),
  );
}

const providerScript = (page: Page) => page.locator(`script[src$="${PROVIDER_PATH}"]`);

test.describe('cookie consent', () => {
  test('a configured provider is loaded in the page language and again when it changes', async ({
    page,
    baseURL,
  }) => {
    await configureProvider(page, new URL(baseURL!).origin, 'script');
    await page.goto('/en/login');
    await expect(providerScript(page)).toHaveCount(1);
    await expect(providerScript(page)).toHaveAttribute('data-language', 'en');
    await expect(providerScript(page)).toHaveAttribute('data-settings-id', 'e2e-settings-id');
    await expect
      .poll(() => page.evaluate(() => (window as { __consentLoads?: number }).__consentLoads))
      .toBe(1);
    // Our own notice is not shown when a provider is configured.
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page.getByTestId('cookie-notice')).toHaveCount(0);

    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: 'Español' })
      .click();
    await expect(page).toHaveURL('/es/login');
    await expect(providerScript(page)).toHaveCount(1);
    await expect(providerScript(page)).toHaveAttribute('data-language', 'es');
    await expect
      .poll(() => page.evaluate(() => (window as { __consentLoads?: number }).__consentLoads))
      .toBe(2);
  });

  test('a provider script that fails to load is only logged in the console', async ({
    page,
    baseURL,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await configureProvider(page, new URL(baseURL!).origin, 'missing');
    await page.goto('/en/login');
    await expect
      .poll(() => errors.some((text) => text.includes('cookie consent script could not be loaded')))
      .toBe(true);
    // The page works as usual and shows nothing about it.
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page.getByText(/consent/i)).toHaveCount(0);
  });

  test('without a provider, our notice follows the language switch', async ({ page }) => {
    await page.goto('/en/login');
    await expect(page.getByRole('region', { name: 'Cookies on Attune' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: 'Deutsch' })
      .click();
    const notice = page.getByRole('region', { name: 'Cookies bei Attune' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Verstanden' })).toBeVisible();
    // Acknowledged once, it stays away; the notice adds no cookie of its own.
    await notice.getByRole('button', { name: 'Verstanden' }).click();
    await expect(notice).toBeHidden();
    const cookies = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(cookies).not.toContain('attune_cookie_notice');
    expect(await page.evaluate(() => localStorage.getItem('attune_cookie_notice'))).toBeTruthy();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByTestId('cookie-notice')).toHaveCount(0);
  });
});
