import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { logInThroughPage as logIn, readyMember } from './helpers/members';
import { chooseTheme } from './helpers/theme';

/**
 * The account menu follows the WAI-ARIA menu button pattern: it opens on its first item however it
 * is opened, choosing a theme closes it and gives the focus back to its button, and it passes axe
 * open in the light and the dark theme.
 */

async function logInNewMember(page: Page) {
  const member = await readyMember(page.request, 'Menu');
  await logIn(page, member.email, member.password);
  return member;
}

/** Waits until the open menu has finished growing in (a fading text fails contrast checks). */
async function settled(page: Page) {
  const paper = page.locator('.MuiMenu-paper');
  await expect(paper).toBeVisible();
  await expect
    .poll(() => paper.evaluate((element) => element.getAnimations({ subtree: true }).length))
    .toBe(0);
}

test.describe('account menu', () => {
  test('opens on its first item by Enter, Space, ArrowDown and a click', async ({ page }) => {
    const member = await logInNewMember(page);
    const button = page.getByRole('button', { name: `Account menu of ${member.nickname}` });
    // While the menu is open the rest of the page is hidden from screen readers (it is modal).
    const opener = page.locator('button[aria-haspopup="menu"]');
    const menu = page.getByRole('menu');
    const firstItem = menu.getByRole('menuitem', { name: 'My profile' });

    for (const key of ['Enter', 'Space', 'ArrowDown']) {
      await button.focus();
      await page.keyboard.press(key);
      await expect(menu, `opened by ${key}`).toBeVisible();
      await expect(firstItem, `first item focused after ${key}`).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(opener).toBeFocused();
    }

    await button.click();
    await expect(firstItem).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('choosing a theme closes the menu, gives the focus back and names the theme', async ({
    page,
  }) => {
    const member = await logInNewMember(page);
    const button = page.getByRole('button', { name: `Account menu of ${member.nickname}` });
    const opener = page.locator('button[aria-haspopup="menu"]');
    const menu = page.getByRole('menu');

    await button.focus();
    await page.keyboard.press('Enter');
    const dark = menu.getByRole('menuitemradio', { name: 'Dark' });
    await expect(menu.getByRole('menuitem', { name: 'My profile' })).toBeFocused();
    // The theme choices are described by their heading.
    await expect(dark).toHaveAccessibleDescription('Theme');
    for (
      let press = 0;
      press < 10 && !(await dark.evaluate((item) => item === document.activeElement));
      press += 1
    ) {
      // Wait for each press to move the focus before looking again: on a slow machine a look
      // taken too early pressed once more and went past the item.
      const before = await page.evaluateHandle(() => document.activeElement);
      await page.keyboard.press('ArrowDown');
      await page.waitForFunction((element) => document.activeElement !== element, before);
    }
    await expect(dark).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(menu).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
    await expect(page.getByRole('status').filter({ hasText: 'Theme: Dark' })).toBeAttached();

    // Opened again, it still starts on its first item, with the new theme checked.
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'My profile' })).toBeFocused();
    await expect(menu.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(menu.getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute(
      'aria-checked',
      'false',
    );

    // By pointer too: the menu closes on the choice.
    await page.keyboard.press('Escape');
    await button.click();
    await menu.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect(menu).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'light');
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`passes axe while open, ${theme} theme`, async ({ page }) => {
      // Light by default; dark as the member chooses it.
      await chooseTheme(page, theme);
      const member = await logInNewMember(page);
      await expect(page.locator('html')).toHaveCSS('color-scheme', theme);
      await page.getByRole('button', { name: `Account menu of ${member.nickname}` }).click();
      await settled(page);
      await expectNoAxeViolations(page, `account menu open, ${theme} theme`);
    });
  }

  test('on a phone at 200 % text every item is whole, in English and German', async ({ page }) => {
    const member = await logInNewMember(page);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const [path, name] of [
      ['/en', `Account menu of ${member.nickname}`],
      ['/de', `Kontomenü von ${member.nickname}`],
    ] as const) {
      await page.goto(path);
      await page.evaluate(() => {
        document.documentElement.style.fontSize = '200%';
      });
      await page.getByRole('button', { name }).click();
      await settled(page);
      // An item wider than the menu shows cut off ("Same as my dev"): its text must wrap instead.
      const cut = await page
        .getByRole('menu')
        .locator('li')
        .evaluateAll((items) =>
          items
            .filter((item) => item.scrollWidth > item.clientWidth + 1)
            .map((item) => item.textContent),
        );
      expect(cut, path).toEqual([]);
      await page.keyboard.press('Escape');
    }
  });
});
