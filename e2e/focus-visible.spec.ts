import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './helpers/accounts';
import { areaAround, expectVisibleFocus, pixelsChangedAtContrast, shotOf } from './helpers/focus';
import { logInThroughPage as logIn, readyMember } from './helpers/members';
import { chooseTheme } from './helpers/theme';

/**
 * WCAG 2.4.7: every kind of control shows where the keyboard focus is, in the light and the dark
 * theme. Each control is reached with the Tab key on a real screen, and its area is compared
 * focused and unfocused: enough pixels must change with a contrast of 3:1.
 */

/** Logs in a member whose setup is not done yet: they land on the onboarding. */
async function logInNewcomer(page: Page, email: string, password: string) {
  await page.goto('/en/login');
  await page
    .getByRole('region', { name: 'Cookies on Attune' })
    .getByRole('button', { name: 'Understood' })
    .click();
  await page.getByRole('textbox', { name: 'Username or e-mail address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/en/profile/start');
}

/** The member's id, which the onboarding keeps its place under (client settings). */
async function ownId(page: Page): Promise<number> {
  const config = (await (await page.request.get('/config.json')).json()) as {
    authCookieName: string;
  };
  const token = (await page.context().cookies()).find(
    (cookie) => cookie.name === config.authCookieName,
  )?.value;
  expect(token).toBeTruthy();
  const response = await page.request.get('/api/fetch-user', {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { id: number }).id;
}

/** Opens the onboarding at a step (0-based, in `STEPS` order) as if the member had got there. */
async function openOnboardingStep(
  page: Page,
  userId: number,
  step: number,
  consent: 'given' | null,
) {
  await page.evaluate(
    ([id, index, choice]) =>
      localStorage.setItem(
        'attune.settings',
        JSON.stringify({
          ...JSON.parse(localStorage.getItem('attune.settings') ?? '{}'),
          onboarding: { userId: id, step: index, furthest: index, consent: choice },
        }),
      ),
    [userId, step, consent] as const,
  );
  await page.goto('/en/profile/start');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toContainText(
    `Step ${step + 1} of 7`,
  );
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`visible keyboard focus, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      // Light by default; dark as the member chooses it.
      await chooseTheme(page, theme);
      await page.mouse.move(0, 0);
    });

    test('profile settings: checkbox, switch, button, icon button, link, text field, menu item', async ({
      page,
    }) => {
      const member = await readyMember(page.request, 'Focus');
      await logIn(page, member.email, member.password);
      await page.goto('/en/profile/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Profile settings' })).toBeVisible();
      await expect(page.locator('html')).toHaveCSS('color-scheme', theme);
      const main = page.getByRole('main');

      await expectVisibleFocus(page, main.getByRole('checkbox').first(), 'a checkbox');
      // The notification switches, then the automatic response switch.
      await expect(main.getByRole('switch').first()).toBeVisible();
      await expectVisibleFocus(page, main.getByRole('switch').last(), 'a switch (last)');
      await expectVisibleFocus(page, main.getByRole('switch').first(), 'a switch (first)');
      await expectVisibleFocus(page, main.getByRole('button').first(), 'a button');
      await expectVisibleFocus(page, main.getByRole('textbox').first(), 'a text field');
      await expectVisibleFocus(
        page,
        page.getByRole('navigation', { name: 'Main' }).getByRole('link').first(),
        'a link',
        { minPixels: 60 },
      );
      const accountButton = page.getByRole('button', { name: /^Account menu of / });
      await expectVisibleFocus(page, accountButton, 'the account menu button');

      // A menu item: the first one focused when the menu opens, then left with the arrow key.
      await accountButton.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      const first = menu.getByRole('menuitem').first();
      await expect(menu).toBeVisible();
      await page.keyboard.press('Home');
      await expect(first).toBeFocused();
      // Measured once the menu has grown to its place.
      await expect
        .poll(() =>
          menu.evaluate(
            (list) => list.closest('.MuiPaper-root')!.getAnimations({ subtree: true }).length,
          ),
        )
        .toBe(0);
      const area = await areaAround(first, 0);
      const focused = await shotOf(page, area);
      await page.keyboard.press('ArrowDown');
      await expect(first).not.toBeFocused();
      const unfocused = await shotOf(page, area);
      expect(await pixelsChangedAtContrast(page, focused, unfocused)).toBeGreaterThanOrEqual(150);
    });

    test('onboarding: the consent checkbox and the yes/no radios', async ({ page }) => {
      const account = await signUpViaApi(page.request);
      await logInNewcomer(page, account.email, account.password);
      const userId = await ownId(page);
      const main = page.getByRole('main');

      await openOnboardingStep(page, userId, 1, null);
      await expectVisibleFocus(page, main.getByRole('checkbox').first(), 'the consent checkbox');

      await openOnboardingStep(page, userId, 3, 'given');
      await expectVisibleFocus(page, main.getByRole('radio').first(), 'a radio');
    });
  });
}
