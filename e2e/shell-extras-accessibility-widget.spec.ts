import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { chooseTheme } from './helpers/theme';

const SCRIPT = '/vendor/accessibility/main.bundle.js';

/** Paths of every request the page makes from now on. */
function recordRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  return requested;
}

/** Our launcher: a real `<button>`, shown until the widget is loaded (docs/decisions/0015). */
function launcherOf(page: Page) {
  return page.getByTestId('accessibility-launcher');
}

/** Spec §9: circular, 20 px from the top and from the right. */
async function expectInTheCorner(page: Page, selector: ReturnType<Page['locator']>) {
  const viewport = page.viewportSize()!;
  const box = (await selector.boundingBox())!;
  expect(Math.round(box.y)).toBe(20);
  expect(Math.round(viewport.width - (box.x + box.width))).toBe(20);
  expect(Math.round(box.width)).toBe(40);
  expect(Math.round(box.height)).toBe(40);
  expect(await selector.evaluate((element) => getComputedStyle(element).borderRadius)).toBe('50%');
}

test.describe('accessibility widget', () => {
  test('loads only when asked for, from our vendor path with our icon font, and follows the language', async ({
    page,
  }) => {
    const requested = recordRequests(page);

    await page.goto('/en/login');
    const launcher = page.getByRole('button', { name: 'Accessibility options' });
    await expect(launcher).toBeVisible();
    await page.waitForLoadState('networkidle');
    // A fresh visit loads neither the widget's script nor its icon font.
    expect(requested.filter((path) => path.startsWith('/vendor/'))).toEqual([]);
    await expect(page.locator('._access-icon')).toHaveCount(0);

    // The launcher is a real button in the widget icon's place and colours.
    expect(await launcher.evaluate((element) => element.tagName)).toBe('BUTTON');
    await expectInTheCorner(page, launcher);
    const colours = (element: Element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, color: style.color };
    };
    expect(await launcher.evaluate(colours)).toEqual({
      background: 'rgb(64, 84, 178)',
      color: 'rgb(255, 255, 255)',
    });

    // By keyboard: a visible focus ring, then Enter loads the widget and opens its menu.
    await launcher.focus();
    expect(await launcher.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe(
      'solid',
    );
    await page.keyboard.press('Enter');
    const menu = page.locator('._access-menu');
    await expect(menu.getByText('Larger text')).toBeVisible();
    await expect(menu.getByText('Underline links')).toBeVisible();
    // The focus is in the menu, and the Enter that opened it pressed none of its buttons.
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('._access-menu')))
      .toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('_accessState'))).toBeNull();
    // The widget's own icon has taken the launcher's place.
    await expect(launcherOf(page)).toHaveCount(0);
    const icon = page.locator('._access-icon');
    await expect(icon).toHaveCount(1);
    await expect(icon).toHaveAccessibleName('Accessibility options');
    await expectInTheCorner(page, icon);
    expect(requested).toContain('/vendor/material-icons/material-icons.css');
    // The icon font is ours and has loaded (no fallback to emoji).
    await expect
      .poll(() => page.evaluate(() => document.fonts.check('24px "Material Icons"')))
      .toBe(true);
    expect(requested).toContain('/vendor/material-icons/material-icons.woff2');
    // Escape closes the menu and gives the focus back to the icon (the widget alone ignores it).
    await page.keyboard.press('Escape');
    await expect(menu).toHaveClass(/\bclose\b/);
    await expect(icon).toBeFocused();

    // Switching the language (no page load) builds the widget again with German labels.
    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: 'Deutsch' })
      .click();
    await expect(page).toHaveURL('/de/login');
    const germanIcon = page.getByRole('button', { name: 'Optionen zur Barrierefreiheit' });
    await expect(germanIcon).toBeVisible();
    await expect(page.locator('._access-icon')).toHaveCount(1);
    await expect(launcherOf(page)).toHaveCount(0);
    await germanIcon.click();
    await expect(menu.getByText('Größerer Text')).toBeVisible();
    await expect(menu.getByText('Larger text')).toHaveCount(0);
    // Its close and reset buttons are named in German too, not by their icon words.
    await expect(menu.getByRole('button', { name: 'Schließen' })).toBeVisible();
    await expect(
      menu.getByRole('button', { name: 'Alle Einstellungen zurücksetzen' }),
    ).toBeVisible();
    expect(requested.filter((path) => path === SCRIPT)).toHaveLength(1);
  });

  test('its menu works by keyboard alone: Space presses its buttons, Escape closes it', async ({
    page,
  }) => {
    const htmlFontSize = () =>
      page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
    await page.goto('/en/login');
    await launcherOf(page).focus();
    await page.keyboard.press('Space');
    const menu = page.locator('._access-menu');
    const larger = menu.getByRole('button', { name: 'Larger text' });
    await expect(larger).toBeVisible();
    const before = await htmlFontSize();
    await larger.focus();
    await page.keyboard.press('Space');
    await expect.poll(htmlFontSize).toBeGreaterThan(before);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveClass(/\bclose\b/);
    await expect(page.locator('._access-icon')).toBeFocused();
  });

  test('before it is loaded, a language change only relabels the launcher', async ({ page }) => {
    const requested = recordRequests(page);
    await page.goto('/en/login');
    await expect(page.getByRole('button', { name: 'Accessibility options' })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: 'Deutsch' })
      .click();
    await expect(page).toHaveURL('/de/login');
    const launcher = page.getByRole('button', { name: 'Optionen zur Barrierefreiheit' });
    await expect(launcher).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requested).not.toContain(SCRIPT);
    await expect(page.locator('._access-icon')).toHaveCount(0);

    // Space works too, and the menu comes in the page language.
    await launcher.focus();
    await page.keyboard.press('Space');
    const menu = page.locator('._access-menu');
    await expect(menu.getByText('Größerer Text')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('._access-menu')))
      .toBe(true);
    expect(requested.filter((path) => path === SCRIPT)).toHaveLength(1);
  });

  test('is busy while loading, so a second press does not build a second widget', async ({
    page,
  }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${SCRIPT}`, async (route) => {
      await released;
      await route.continue();
    });
    const requested = recordRequests(page);
    await page.goto('/en/login');
    const launcher = launcherOf(page);
    await launcher.click();
    await expect(launcher).toHaveAttribute('aria-busy', 'true');
    await expect(launcher).toHaveAttribute('aria-disabled', 'true');
    // Playwright waits for an aria-disabled button to be enabled: press it regardless.
    await launcher.click({ force: true });
    await launcher.press('Enter');
    release();

    await expect(page.locator('._access-menu').getByText('Larger text')).toBeVisible();
    await expect(launcher).toHaveCount(0);
    await expect(page.locator('._access-icon')).toHaveCount(1);
    await expect(page.locator('._access-menu')).toHaveCount(1);
    expect(requested.filter((path) => path === SCRIPT)).toHaveLength(1);
  });

  test('a failed load is only logged; the launcher lets the member try again', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route(`**${SCRIPT}`, (route) => route.abort());
    await page.goto('/en/login');
    const launcher = page.getByRole('button', { name: 'Accessibility options' });
    await launcher.click();
    await expect
      .poll(() =>
        errors.some((text) => text.startsWith('The accessibility widget could not be loaded')),
      )
      .toBe(true);
    await expect(launcher).toBeVisible();
    await expect(launcher).not.toHaveAttribute('aria-busy');
    await expect(page.locator('._access-icon')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.unroute(`**${SCRIPT}`);
    await launcher.click();
    await expect(page.locator('._access-menu').getByText('Larger text')).toBeVisible();
    await expect(launcherOf(page)).toHaveCount(0);
  });

  test('saved settings load the widget at start and apply without a click', async ({ page }) => {
    const htmlFontSize = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    await page.goto('/en/login');
    const before = await htmlFontSize();
    await page.getByRole('button', { name: 'Accessibility options' }).click();
    await page.locator('._access-menu').getByText('Larger text').click();
    await expect.poll(htmlFontSize).not.toBe(before);
    const larger = await htmlFontSize();

    const requested = recordRequests(page);
    await page.reload();
    const icon = page.locator('._access-icon');
    await expect(icon).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accessibility options' })).toHaveCount(1);
    await expect(launcherOf(page)).toHaveCount(0);
    await expect.poll(htmlFontSize).toBe(larger);
    expect(requested.filter((path) => path === SCRIPT)).toHaveLength(1);
    // Loaded at start, its menu stays closed until asked for.
    await expect(page.locator('._access-menu')).toHaveClass(/\bclose\b/);
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

test.describe('accessibility widget menu, readable in both themes', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`its open menu passes axe and its labels are at least 16 px, ${theme} theme`, async ({
      page,
    }) => {
      // Light by default; dark as the member chooses it.
      await chooseTheme(page, theme);
      await page.goto('/en/login');
      await expect(page.locator('html')).toHaveCSS('color-scheme', theme);
      await launcherOf(page).click();
      const menu = page.locator('._access-menu');
      await expect(menu.getByRole('button', { name: 'Larger text' })).toBeVisible();
      // Its buttons fade and slide in: judge them once they are there.
      await expect(menu.locator('ul')).not.toHaveClass(/before-collapse/);
      await expect
        .poll(() => menu.evaluate((element) => element.getAnimations({ subtree: true }).length))
        .toBe(0);

      const labelSizes = await menu
        .locator('ul li button')
        .evaluateAll((buttons) =>
          buttons.map((button) => parseFloat(getComputedStyle(button).fontSize)),
        );
      expect(labelSizes.length).toBeGreaterThan(5);
      expect(Math.min(...labelSizes)).toBeGreaterThanOrEqual(16);
      await expectNoAxeViolations(page, `accessibility widget menu, ${theme} theme`);
    });
  }
});
