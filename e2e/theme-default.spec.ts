import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { logInThroughPage as logIn, readyMember } from './helpers/members';

/**
 * The theme is light by default (spec §9), whatever the device prefers; "Same as my device" stays
 * a choice in the account menu, and then the device decides.
 */

const LIGHT_PAGE = 'rgb(250, 247, 245)';
const DARK_PAGE = 'rgb(18, 18, 18)';

const pageBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.describe('theme', () => {
  for (const language of ['en', 'de'] as const) {
    test(`a first visit is light on a device that prefers dark (${language})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ colorScheme: 'dark' });
      const page = await context.newPage();
      await page.goto(`/${language}/login`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveCSS('color-scheme', 'light');
      expect(await pageBackground(page)).toBe(LIGHT_PAGE);
      await expectNoAxeViolations(page, `${language}/login, device prefers dark`);
      await context.close();
    });
  }

  test('"Same as my device" stays a choice, and then the device decides', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    const member = await readyMember(page.request, 'Theme');
    await logIn(page, member.email, member.password);
    expect(await pageBackground(page)).toBe(LIGHT_PAGE);

    await page.getByRole('button', { name: `Account menu of ${member.nickname}` }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await menu.getByRole('menuitemradio', { name: 'Same as my device' }).click();
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
    expect(await pageBackground(page)).toBe(DARK_PAGE);
    // The menu closes with a fade and leaves the page once it has: scan the page then, not its
    // half-faded items (the accessibility tree drops them at once, so wait for the element).
    await expect(page.locator('.MuiMenu-root')).toHaveCount(0);
    await expectNoAxeViolations(page, 'home, theme following a dark device');
    await context.close();
  });
});
