import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { framesPainted } from './helpers/shell';

/**
 * Fatal or unhandled errors go to the error page (spec §2), 500 "Internal Server Error" by
 * default; harmless noise (ResizeObserver notices, third-party scripts, a failed accessibility
 * widget) stays in the console and never replaces the page.
 */

/** Raises an error no code handles, as a fault in a timer callback would. */
const throwInTimer = (page: Page, message: string) =>
  page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    }, 0);
  }, message);

/** Leaves a promise rejection unhandled, as a forgotten `catch` would. */
const rejectUnhandled = (page: Page, message: string) =>
  page.evaluate((text) => {
    void Promise.reject(new Error(text));
  }, message);

test.describe('unhandled errors', () => {
  test('an uncaught error shows the error page with 500; the start page link leads on', async ({
    page,
  }) => {
    await page.goto('/en/faq');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Internal Server Error');
    await throwInTimer(page, 'Something nobody caught');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal Server Error');
    await expect(page.getByText('Error 500')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
    await expect(page).toHaveURL('/en/faq');
    await expectNoAxeViolations(page, 'error page after an uncaught error');

    await page.getByRole('link', { name: 'Go to the start page', exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/en\/login/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  });

  test('an unhandled promise rejection shows the error page, in German', async ({ page }) => {
    await page.goto('/de/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await rejectUnhandled(page, 'A call nobody awaited');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Interner Serverfehler');
    await expect(page.getByText('Fehler 500')).toBeVisible();
    await expectNoAxeViolations(page, 'error page after an unhandled rejection (German)');
  });

  test('harmless noise never replaces the page', async ({ page }) => {
    await page.route('**/vendor/accessibility/main.bundle.js', (route) => route.abort());
    await page.goto('/en/login');
    const heading = page.getByRole('heading', { level: 1, name: 'Log in' });
    await expect(heading).toBeVisible();

    await page.evaluate(() => {
      window.dispatchEvent(
        new ErrorEvent('error', {
          message: 'ResizeObserver loop completed with undelivered notifications.',
        }),
      );
      // An error from a script of another origin (a consent provider, a browser extension).
      window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
      window.dispatchEvent(
        new ErrorEvent('error', {
          message: 'Uncaught TypeError: consent is undefined',
          filename: 'https://consent.example.net/loader.js',
          error: new TypeError('consent is undefined'),
        }),
      );
    });
    // The accessibility widget's script cannot load (spec §8: logged to the console only).
    await page.getByRole('button', { name: 'Accessibility options' }).click();
    await expect(page.getByRole('button', { name: 'Accessibility options' })).not.toHaveAttribute(
      'aria-busy',
    );
    // Whatever the failed load set off (a wrongly caught error) is on screen by now.
    await framesPainted(page);
    await expect(heading).toBeVisible();
    await expect(page.getByText('Internal Server Error')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Username or e-mail address' })).toBeVisible();
  });
});
