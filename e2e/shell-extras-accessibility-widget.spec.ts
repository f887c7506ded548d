import { expect, test } from '@playwright/test';

test.describe('accessibility widget', () => {
  test('loads from our vendor path with our icon font, sits top right and follows the language', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));

    await page.goto('/en/login');
    const icon = page.getByRole('button', { name: 'Accessibility options' });
    await expect(icon).toBeVisible();
    expect(requested).toContain('/vendor/accessibility/main.bundle.js');
    expect(requested).toContain('/vendor/material-icons/material-icons.css');

    // Spec §9: circular, 20 px from the top and from the right.
    const viewport = page.viewportSize()!;
    const box = (await icon.boundingBox())!;
    expect(Math.round(box.y)).toBe(20);
    expect(Math.round(viewport.width - (box.x + box.width))).toBe(20);
    expect(await icon.evaluate((element) => getComputedStyle(element).borderRadius)).toBe('50%');
    // The icon font is ours and has loaded (no fallback to emoji).
    await expect
      .poll(() => page.evaluate(() => document.fonts.check('24px "Material Icons"')))
      .toBe(true);
    expect(requested).toContain('/vendor/material-icons/material-icons.woff2');

    await icon.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('._access-menu');
    await expect(menu.getByText('Larger text')).toBeVisible();
    await expect(menu.getByText('Underline links')).toBeVisible();
    await page.keyboard.press('Escape');

    // Switching the language (no page load) builds the widget again with German labels.
    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: 'Deutsch' })
      .click();
    await expect(page).toHaveURL('/de/login');
    const germanIcon = page.getByRole('button', { name: 'Optionen zur Barrierefreiheit' });
    await expect(germanIcon).toBeVisible();
    await expect(page.locator('._access-icon')).toHaveCount(1);
    await germanIcon.click();
    await expect(menu.getByText('Größerer Text')).toBeVisible();
    await expect(menu.getByText('Larger text')).toHaveCount(0);
    expect(
      requested.filter((path) => path === '/vendor/accessibility/main.bundle.js'),
    ).toHaveLength(1);
  });

  test('keeps the chosen settings, neither lost nor applied twice, when the language changes', async ({
    page,
  }) => {
    const htmlFontSize = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    await page.goto('/en/login');
    await page.getByRole('button', { name: 'Accessibility options' }).click();
    const menu = page.locator('._access-menu');
    const before = await htmlFontSize();
    await menu.getByText('Larger text').click();
    await menu.getByText('Underline links').click();
    await expect.poll(htmlFontSize).not.toBe(before);
    const larger = await htmlFontSize();
    await expect(page.locator('style._access-underline')).toHaveCount(1);

    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: 'Español' })
      .click();
    await expect(page.getByRole('button', { name: 'Opciones de accesibilidad' })).toBeVisible();
    await expect(page.locator('style._access-underline')).toHaveCount(1);
    expect(await htmlFontSize()).toBe(larger);
  });
});
