import { expect, test } from '@playwright/test';
import { shellExtrasReady } from './helpers/shell';

const COOKIE = 'community.alert_sticky';
const WEEK_SECONDS = 604_800;

test.describe('beta banner', () => {
  test('a visitor closes the banner by keyboard; it stays away for 7 days, also after a reload', async ({
    page,
    context,
  }) => {
    await page.goto('/en/login');
    const banner = page.getByRole('region', { name: 'Beta version' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('You are exploring a beta version of Attune.');
    await expect(banner).toContainText('Thank you for helping us improve it!');
    const config = (await (await page.request.get('/config.json')).json()) as {
      supportEmail: string;
    };
    await expect(banner.getByRole('link', { name: config.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${config.supportEmail}`,
    );

    // Spec §9: at most 600 px wide, 20 px from the bottom edge.
    const viewport = page.viewportSize()!;
    const box = (await banner.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(600);
    expect(Math.round(viewport.height - (box.y + box.height))).toBe(20);

    const close = banner.getByRole('button', { name: 'Close the beta notice' });
    await close.focus();
    await page.keyboard.press('Enter');
    await expect(banner).toHaveCount(0);

    const setAt = Date.now() / 1000;
    const cookie = (await context.cookies()).find((entry) => entry.name === COOKIE);
    expect(cookie, `${COOKIE} is set`).toBeDefined();
    expect(cookie!.path).toBe('/');
    expect(cookie!.sameSite).toBe('Lax');
    // Max-Age=604800: the browser turns it into an expiry one week from now.
    expect(Math.abs(cookie!.expires - (setAt + WEEK_SECONDS))).toBeLessThan(60);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await shellExtrasReady(page);
    await expect(page.getByRole('region', { name: 'Beta version' })).toHaveCount(0);
  });

  test('the banner speaks the page language and leaves the page bottom reachable', async ({
    page,
  }) => {
    await page.goto('/de/login');
    const banner = page.getByRole('region', { name: 'Beta-Version' });
    await expect(banner).toContainText('Sie erkunden eine Beta-Version von Attune.');
    await expect(banner.getByRole('button', { name: 'Beta-Hinweis schließen' })).toBeVisible();

    // Scrolled to the end, the page's last content ends above the banner, not under it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const bannerTop = (await banner.boundingBox())!.y;
    const contentBottom = await page.evaluate(() => {
      const banner = document.querySelector('[data-testid="beta-banner"]');
      const last = Array.from(document.body.querySelectorAll('a, button, input, p, h1, h2'))
        .filter(
          (element) =>
            !banner?.contains(element) &&
            // Other floating parts of the shell: the cookie notice and the widget's menu.
            !element.closest('[data-testid="cookie-notice"], ._access') &&
            element.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
        )
        .map((element) => element.getBoundingClientRect())
        .filter((rect) => rect.height > 0);
      return Math.max(...last.map((rect) => rect.bottom));
    });
    expect(contentBottom).toBeLessThanOrEqual(bannerTop);
  });
});
