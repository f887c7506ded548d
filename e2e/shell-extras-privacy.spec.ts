import { expect, test } from '@playwright/test';

test.describe('privacy and offline', () => {
  test('with default settings the browser contacts no other origin', async ({
    page,
    context,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const requested: string[] = [];
    context.on('request', (request) => requested.push(request.url()));

    await page.goto('/en/login');
    // Everything the shell adds: widget (script and icon font, loaded by its launcher), cookie
    // notice, beta banner.
    await page.getByRole('button', { name: 'Accessibility options' }).click();
    await expect(page.locator('._access-menu').getByText('Larger text')).toBeVisible();
    await page.getByRole('button', { name: 'Details' }).click();
    await expect(page.getByRole('list', { name: 'Strictly necessary cookies' })).toBeVisible();
    await page.goto('/de/login');
    await expect(page.getByRole('button', { name: 'Optionen zur Barrierefreiheit' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    const web = requested.filter((url) => /^(https?|wss?):/.test(url));
    expect(web.length).toBeGreaterThan(5);
    expect(web.filter((url) => new URL(url).origin !== origin)).toEqual([]);
    expect(web.some((url) => url.includes('/vendor/material-icons/material-icons.woff2'))).toBe(
      true,
    );
  });
});
