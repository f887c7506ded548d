import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';

const NOT_FOUND = {
  en: 'Page Not Found',
  de: 'Seite nicht gefunden',
  es: 'Página no encontrada',
} as const;

test.describe('shell: languages', () => {
  test('a path without prefix goes to the language cookie, keeping path and query', async ({
    page,
    baseURL,
  }) => {
    await page.context().addCookies([{ name: 'community_i18n', value: 'es', url: baseURL! }]);
    await page.goto('/register?from=mail');
    await expect(page).toHaveURL('/es/register?from=mail');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // Cleared on app mount and written again from the language of the page.
    const cookie = (await page.context().cookies()).find((c) => c.name === 'community_i18n');
    expect(cookie).toMatchObject({ value: 'es', path: '/', sameSite: 'Lax', secure: false });
    // 365 days (a minute of slack for the clock).
    const days = (cookie!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThan(365.1);

    await page.goto('/');
    await expect(page).toHaveURL(/\/es\/login\?redirect=%2Fes/);
  });

  test('without a cookie a path without prefix follows the browser language', async ({
    browser,
  }) => {
    const german = await browser.newContext({ locale: 'de-DE' });
    const page = await german.newPage();
    await page.goto('/login/recover');
    await expect(page).toHaveURL('/de/login/recover');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passwort zurücksetzen');
    await german.close();

    const other = await browser.newContext({
      locale: 'fr-FR',
      extraHTTPHeaders: { 'Accept-Language': 'fr-FR,fr;q=0.9' },
    });
    const fallback = await other.newPage();
    await fallback.goto('/faq');
    await expect(fallback).toHaveURL('/en/faq');
    await other.close();
  });

  for (const lang of ['en', 'de', 'es'] as const) {
    test(`an unknown path in /${lang} shows the 404 with the path`, async ({ page }) => {
      await page.goto(`/${lang}/no/such-page`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND[lang]);
      await expect(page.getByText(`${NOT_FOUND[lang]}: /${lang}/no/such-page`)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expectNoAxeViolations(page, `404 ${lang}`);
    });
  }

  test('another language prefix is not found', async ({ page }) => {
    await page.goto('/it/about');
    await expect(page.getByText('Page Not Found: /it/about')).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Go to the start page', exact: true }),
    ).toBeVisible();
  });

  test('the switcher keeps the page and what was typed, and saves the choice', async ({ page }) => {
    await page.goto('/en/login');
    const username = page.getByRole('textbox', { name: 'Username or e-mail address' });
    await username.fill('typed@example.com');
    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: 'Español' })
      .click();
    await expect(page).toHaveURL('/es/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(
      page.getByRole('textbox', { name: 'Nombre de usuario o correo electrónico' }),
    ).toHaveValue('typed@example.com');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'community_i18n')?.value).toBe('es');
    expect(cookies.find((c) => c.name === 'community_i18n_redirect')?.value).toBe('es');
  });
});
