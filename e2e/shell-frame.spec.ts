import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './helpers/accounts';
import { expectNoAxeViolations } from './helpers/axe';

async function logIn(page: Page, account: { email: string; password: string }) {
  await page.getByRole('textbox', { name: 'Username or e-mail address' }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test.describe('shell: frame, checks and errors', () => {
  test('the loading screen shows at start and is gone after about one second', async ({ page }) => {
    // The page records, with its own clock, when the loading screen's text first showed, when the
    // first page was on screen under it, and when the screen left: Playwright's polls (up to 1 s
    // apart on a busy machine) would race all three.
    type Seen = { text?: string; shownAt?: number; pageAt?: number; goneAt?: number };
    await page.addInitScript(() => {
      const seen: Seen = {};
      (window as unknown as { loadingSeen: Seen }).loadingSeen = seen;
      const check = () => {
        const now = performance.now();
        const status = document.querySelector('[data-testid="loading-screen"] [role="status"]');
        if (status && seen.shownAt === undefined) {
          seen.text = status.textContent ?? '';
          seen.shownAt = now;
        } else if (!status && seen.shownAt !== undefined && seen.goneAt === undefined) {
          seen.goneAt = now;
        }
        if (seen.pageAt === undefined && document.querySelector('main h1')) seen.pageAt = now;
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/en/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('loading-screen')).toHaveCount(0);
    const seen = await page.evaluate(
      () => (window as unknown as { loadingSeen: Seen }).loadingSeen,
    );
    expect(seen.text).toBe('Loading…');
    expect(seen.pageAt, 'the first page rendered under the loading screen').toBeDefined();
    const shownAt = seen.shownAt ?? 0;
    const goneAt = seen.goneAt ?? Infinity;
    // About one second: never a flash.
    expect(goneAt - shownAt).toBeGreaterThanOrEqual(900);
    // And gone as soon as both the second is up and the first page is there under it. A busy
    // machine may run the app late, which only moves the second moment; the slack is for its
    // timers, which may fire late too.
    const due = Math.max(shownAt + 1_000, seen.pageAt ?? Infinity);
    expect(goneAt - due).toBeLessThan(1_500);
  });

  test('a signed-out visitor is sent to login and back; the logged layout is accessible', async ({
    page,
  }) => {
    const account = await signUpViaApi(page.request);
    await page.goto('/en/connections?tab=pending');
    await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Fconnections%3Ftab%3Dpending$/);
    await logIn(page, account);
    await expect(page).toHaveURL('/en/connections?tab=pending');
    await expect(page.getByRole('heading', { level: 1, name: 'Connections' })).toBeVisible();
    await expect(
      page.getByText('Find people who share your experience, and keep in touch with them.'),
    ).toBeVisible();

    // Landmarks and entry points of the logged layout.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Connections' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('link', { name: 'Notifications' })).toBeVisible();
    await expectNoAxeViolations(page, 'connections (logged layout)');

    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/en');
    // A new member has not chosen a display name: a neutral greeting, never the generated username.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello!');
    await expectNoAxeViolations(page, 'logged home');

    // Setup is not complete: settings pages send the member to profile/start (profile check).
    await page.goto('/en/profile/settings');
    await expect(page).toHaveURL('/en/profile/start');

    // The theme choice is a client setting; dark mode is accessible too.
    await page.goto('/en');
    await page.getByRole('button', { name: 'Your account menu' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    // Scan the page, not the menu half-way through its fade-out (its fading text fails contrast).
    await expect(page.locator('.MuiMenu-root')).toHaveCount(0);
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
    const saved = await page.evaluate(() => localStorage.getItem('attune.settings'));
    expect(JSON.parse(saved ?? '{}')).toEqual({ themeMode: 'dark' });
    await expectNoAxeViolations(page, 'logged home, dark theme');

    // Small screens: the navigation is in a drawer.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Support' })
      .press('Enter');
    await expect(page).toHaveURL('/en/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await expectNoAxeViolations(page, 'support at 360 px');
  });

  test('a failed loader shows the error page with 500 and a way home', async ({ page }) => {
    await page.goto('/en/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('PageBySlug')) {
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
      } else {
        await route.fallback();
      }
    });
    // The bar shows the error colour for 1.5 s only; record every state it takes, so a slow
    // machine cannot miss it between the navigation and the assertion.
    await page.getByTestId('top-loading-bar').evaluate((bar) => {
      const states: string[] = [];
      (window as unknown as { barStates: string[] }).barStates = states;
      new MutationObserver(() => states.push(bar.getAttribute('data-state') ?? '')).observe(bar, {
        attributes: true,
        attributeFilter: ['data-state'],
      });
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal Server Error');
    await expect(page.getByText('Error 500')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { barStates: string[] }).barStates))
      .toContain('error');
    await expectNoAxeViolations(page, 'error page');
    await page.unroute('**/graphql');
    await page.getByRole('link', { name: 'Go to the start page', exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen$/);
  });

  test('a failed lazy chunk reloads the page once, then shows the error page', async ({ page }) => {
    await page.goto('/en/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.route(/\/assets\/about-[^/]+\.js$/, (route) => route.abort());
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal Server Error');
    await expect(page).toHaveURL('/en/about');
    expect(loads).toBe(1);
    const guard = await page.evaluate(() => sessionStorage.getItem('attune.chunk-reload'));
    expect(Object.keys(JSON.parse(guard ?? '{}'))).toEqual(['/en/about']);
  });
  test('the skip link, once focused, takes its own room: it covers no other target', async ({
    page,
  }) => {
    await page.goto('/de/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const skipLink = page.getByRole('link', { name: 'Zum Hauptinhalt springen' });
    await page.keyboard.press('Tab');
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeVisible();
    // Floating over the header, it hid the home link, which axe reports as a target too small
    // (WCAG 2.5.8): the whole home link is now below it, and clickable.
    const link = await skipLink.boundingBox();
    const home = await page.getByRole('banner').getByRole('link').first().boundingBox();
    expect(home!.y).toBeGreaterThanOrEqual(link!.y + link!.height);
    await expectNoAxeViolations(page, 'the focused skip link');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});
