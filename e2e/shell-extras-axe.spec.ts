import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { chooseTheme } from './helpers/theme';
import { settled } from './helpers/settled';
import { shellExtrasReady } from './helpers/shell';

const SHELL = {
  en: { banner: 'Beta version', notice: 'Cookies on Attune', widget: 'Accessibility options' },
  de: {
    banner: 'Beta-Version',
    notice: 'Cookies bei Attune',
    widget: 'Optionen zur Barrierefreiheit',
  },
  es: { banner: 'Versión beta', notice: 'Cookies en Attune', widget: 'Opciones de accesibilidad' },
} as const;

test.describe('shell extras are accessible', () => {
  for (const [language, names] of Object.entries(SHELL)) {
    test(`login page in ${language} with the beta banner, cookie notice and widget`, async ({
      page,
    }) => {
      await page.goto(`/${language}/login`);
      await expect(page.getByRole('region', { name: names.banner })).toBeVisible();
      await expect(page.getByRole('region', { name: names.notice })).toBeVisible();
      await expect(page.getByRole('button', { name: names.widget })).toBeVisible();
      await expectNoAxeViolations(page, `${language}/login with the shell extras`);
    });
  }

  test('the widget launcher is accessible in the dark theme, also with the focus on it', async ({
    page,
  }) => {
    await page.addInitScript(() =>
      localStorage.setItem('attune.settings', JSON.stringify({ themeMode: 'dark' })),
    );
    await page.goto('/en/login');
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
    const launcher = page.getByRole('button', { name: 'Accessibility options' });
    await expect(launcher).toBeVisible();
    await expectNoAxeViolations(page, 'en/login, dark theme');
    await launcher.focus();
    await expectNoAxeViolations(page, 'en/login, dark theme, launcher focused');
  });

  test('the opened widget menu and the cookie details are accessible too', async ({ page }) => {
    await page.goto('/en/login');
    await page.getByRole('button', { name: 'Accessibility options' }).click();
    await expect(page.locator('._access-menu').getByText('Larger text')).toBeVisible();
    // The menu's buttons fade in (opacity 0.05 → 1): judge their contrast once they are there.
    await expect(page.locator('._access-menu ul')).not.toHaveClass(/before-collapse/);
    await settled(page.locator('._access-menu'));
    await expectNoAxeViolations(page, 'accessibility menu');
    await page.keyboard.press('Escape');
    // The menu fades out (its visibility follows at the end of the transition): judge the cookie
    // details once it is gone, not its buttons half-faded behind them.
    await expect(page.locator('._access-menu')).toBeHidden();

    const notice = page.getByRole('region', { name: 'Cookies on Attune' });
    await notice.getByRole('button', { name: 'Details' }).click();
    await expect(notice.getByText('community.alert_sticky')).toBeVisible();
    await expectNoAxeViolations(page, 'cookie details');

    await notice.getByRole('button', { name: 'Understood' }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await shellExtrasReady(page);
    await expect(page.getByRole('region', { name: 'Cookies on Attune' })).toHaveCount(0);
  });

  test('the cookie notice and its details are accessible in dark mode', async ({ page }) => {
    // Light by default; dark as the member chooses it.
    await chooseTheme(page, 'dark');
    await page.goto('/en/login');
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
    const notice = page.getByRole('region', { name: 'Cookies on Attune' });
    await expect(notice).toBeVisible();
    await expectNoAxeViolations(page, 'login with the cookie notice, dark theme');
    await notice.getByRole('button', { name: 'Details' }).click();
    await expect(notice.getByText('community.alert_sticky')).toBeVisible();
    await expectNoAxeViolations(page, 'cookie details, dark theme');
  });

  test('the cookie notice does not hold the keyboard focus', async ({ page }) => {
    await page.goto('/en/login');
    const understood = page.getByRole('button', { name: 'Understood' });
    await expect(understood).toBeVisible();
    await understood.focus();
    // Tabbing on from the notice reaches the rest of the page.
    let leftTheNotice = false;
    for (let step = 0; step < 6 && !leftTheNotice; step += 1) {
      await page.keyboard.press('Tab');
      leftTheNotice = await page.evaluate(
        () =>
          !document
            .querySelector('[data-testid="cookie-notice"]')
            ?.contains(document.activeElement),
      );
    }
    expect(leftTheNotice).toBe(true);
  });
});
