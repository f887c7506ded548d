import { expect, test, type Locator, type Page } from '@playwright/test';
import { logInThroughPage as logIn, readyMember } from './helpers/members';

/**
 * The interactive widgets a member drives by keyboard and screen reader — menu, dialog,
 * autocomplete, text fields — behave as the WAI-ARIA patterns say, on the built app.
 */

/** True when the focused element is inside `container`. */
async function holdsFocus(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

/** The text of the focused menu item inside `menu`, or null when the focus is elsewhere. */
async function focusedItem(menu: Locator): Promise<string | null> {
  return menu.evaluate((element) => {
    const focused = document.activeElement;
    const role = focused?.getAttribute('role') ?? '';
    return focused && element.contains(focused) && role.startsWith('menuitem')
      ? (focused.textContent ?? '')
      : null;
  });
}

/** A new member whose setup is done, logged in through the login page (home is shown). */
async function logInNewMember(page: Page) {
  const member = await readyMember(page.request, 'Keys');
  await logIn(page, member.email, member.password);
  return member;
}

async function openSettings(page: Page) {
  const member = await logInNewMember(page);
  await page.goto('/en/profile/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile settings' })).toBeVisible();
  return member;
}

test.describe('keyboard widgets', () => {
  test('the login fields turn off spell checking and capitals for names and passwords', async ({
    page,
  }) => {
    await page.goto('/en/login');
    const username = page.getByRole('textbox', { name: 'Username or e-mail address' });
    await expect(username).toHaveAttribute('spellcheck', 'false');
    await expect(username).toHaveAttribute('autocapitalize', 'none');
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute(
      'spellcheck',
      'false',
    );
  });

  test('the account menu opens with Enter, moves with the arrow keys and closes with Escape', async ({
    page,
  }) => {
    const member = await logInNewMember(page);
    await page.getByRole('button', { name: `Account menu of ${member.nickname}` }).focus();
    // While the menu is open the rest of the page is hidden from screen readers (the menu is
    // modal), so its button is found by its popup, not by its role.
    const button = page.locator('button[aria-haspopup="menu"]');
    await page.keyboard.press('Enter');

    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // The focus goes to the first item (not to the checked theme), and the arrows move it.
    await expect.poll(() => focusedItem(menu)).toBe('My profile');
    const first = await focusedItem(menu);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedItem(menu)).not.toBe(first);
    expect(await focusedItem(menu)).not.toBeNull();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focusedItem(menu)).toBe(first);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('a dialog keeps the focus inside while open and gives it back on Escape', async ({
    page,
  }) => {
    await openSettings(page);
    const opener = page
      .getByRole('region', { name: 'Delete account' })
      .getByRole('button', { name: 'Delete my account' });
    await opener.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => holdsFocus(dialog)).toBe(true);
    for (let press = 0; press < 6; press += 1) {
      await page.keyboard.press('Tab');
      expect(await holdsFocus(dialog)).toBe(true);
    }
    for (let press = 0; press < 3; press += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await holdsFocus(dialog)).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('a language is found, chosen and saved with the keyboard alone', async ({ page }) => {
    await openSettings(page);
    const section = page.getByRole('region', { name: 'Interests and languages' });
    const languages = section.getByRole('combobox', { name: 'Languages you speak', exact: true });
    await languages.focus();
    await page.keyboard.type('Portug');
    const listbox = page.getByRole('listbox');
    await expect(listbox.getByRole('option', { name: 'Portuguese' })).toBeVisible();
    await expect(languages).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(languages).toHaveAttribute('aria-activedescendant', /.+/);
    await page.keyboard.press('Enter');
    await expect(section.getByRole('button', { name: 'Portuguese' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(listbox).toBeHidden();

    await section.getByRole('button', { name: 'Save: Interests and languages' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Your changes were saved.')).toBeVisible();
    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'Interests and languages' })
        .getByRole('button', { name: 'Portuguese' }),
    ).toBeVisible();
  });
});
