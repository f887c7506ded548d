import { expect, test, type Page } from '@playwright/test';
import { shellExtrasReady } from './helpers/shell';

const PROVIDER_PATH = '/e2e-consent-provider/loader.js';

/** Serves /config.json with a consent provider on our own origin (the CSP allows only that). */
async function configureProvider(page: Page, origin: string, answer: 'script' | 'missing') {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: {
        ...config,
        consent: {
          scriptUrl: `${origin}${PROVIDER_PATH}`,
          id: 'e2e-settings-id',
          languageAttribute: 'data-language',
        },
      },
    });
  });
  await page.route(`**${PROVIDER_PATH}`, (route) =>
    answer === 'script'
      ? route.fulfill({
          contentType: 'text/javascript',
          body: 'window.__consentLoads = (window.__consentLoads || 0) + 1;',
        })
      : route.fulfill({ status: 404, body: 'not found' }),
  );
}

const providerScript = (page: Page) => page.locator(`script[src$="${PROVIDER_PATH}"]`);

test.describe('cookie consent', () => {
  test('a configured provider is loaded in the page language and again when it changes', async ({
    page,
    baseURL,
  }) => {
    await configureProvider(page, new URL(baseURL!).origin, 'script');
    await page.goto('/en/login');
    await expect(providerScript(page)).toHaveCount(1);
    await expect(providerScript(page)).toHaveAttribute('data-language', 'en');
    await expect(providerScript(page)).toHaveAttribute('data-settings-id', 'e2e-settings-id');
    await expect
      .poll(() => page.evaluate(() => (window as { __consentLoads?: number }).__consentLoads))
      .toBe(1);
    // Our own notice is not shown when a provider is configured.
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page.getByTestId('cookie-notice')).toHaveCount(0);

    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: 'Español' })
      .click();
    await expect(page).toHaveURL('/es/login');
    await expect(providerScript(page)).toHaveCount(1);
    await expect(providerScript(page)).toHaveAttribute('data-language', 'es');
    await expect
      .poll(() => page.evaluate(() => (window as { __consentLoads?: number }).__consentLoads))
      .toBe(2);
  });

  test('a provider script that fails to load is only logged in the console', async ({
    page,
    baseURL,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await configureProvider(page, new URL(baseURL!).origin, 'missing');
    await page.goto('/en/login');
    await expect
      .poll(() => errors.some((text) => text.includes('cookie consent script could not be loaded')))
      .toBe(true);
    // The page works as usual and shows nothing about it.
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page.getByText(/consent/i)).toHaveCount(0);
  });

  test('without a provider, our notice follows the language switch', async ({ page }) => {
    await page.goto('/en/login');
    await expect(page.getByRole('region', { name: 'Cookies on Attune' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: 'Deutsch' })
      .click();
    const notice = page.getByRole('region', { name: 'Cookies bei Attune' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Verstanden' })).toBeVisible();
    // Acknowledged once, it stays away; the notice adds no cookie of its own.
    await notice.getByRole('button', { name: 'Verstanden' }).click();
    await expect(notice).toBeHidden();
    const cookies = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(cookies).not.toContain('attune_cookie_notice');
    expect(await page.evaluate(() => localStorage.getItem('attune_cookie_notice'))).toBeTruthy();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shellExtrasReady(page);
    await expect(page.getByTestId('cookie-notice')).toHaveCount(0);
  });

  test('a visitor who read the former notice (vanilla-cookieconsent) does not see it again', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      localStorage.setItem(
        'attune_cookie_notice',
        JSON.stringify({ categories: ['necessary'], revision: 0, languageCode: 'en' }),
      );
    });
    await page.goto('/en/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await shellExtrasReady(page);
    await expect(page.getByTestId('cookie-notice')).toHaveCount(0);
  });

  test('typing in the login form right after the page loads is not interrupted by the notice', async ({
    page,
  }) => {
    // Every element that receives the focus, from the first moment of the page on.
    await page.addInitScript(() => {
      const focused: EventTarget[] = [];
      (window as { __focused?: EventTarget[] }).__focused = focused;
      document.addEventListener('focusin', (event) => focused.push(event.target!), true);
    });
    await page.goto('/en/login', { waitUntil: 'commit' });
    const field = page.getByRole('textbox', { name: 'Username or e-mail address' });
    await field.click();
    const text = 'someone.who.types.at.once@example.org';
    await page.keyboard.type(text, { delay: 40 });

    const notice = page.getByRole('region', { name: 'Cookies on Attune' });
    await expect(notice).toBeVisible();
    await expect(field).toBeFocused();
    await expect(field).toHaveValue(text);
    // Nothing in the notice ever had the focus (vanilla-cookieconsent took it ~100 ms after showing).
    const focusedInNotice = await notice.evaluate(
      (element) =>
        ((window as { __focused?: EventTarget[] }).__focused ?? []).filter(
          (target) => target instanceof Node && element.contains(target),
        ).length,
    );
    expect(focusedInNotice).toBe(0);
  });

  test('the notice is used by keyboard alone and hands the focus back when it is read', async ({
    page,
  }) => {
    await page.goto('/en/login');
    const notice = page.getByRole('region', { name: 'Cookies on Attune' });
    await expect(notice).toBeVisible();
    await page.getByRole('link', { name: 'Skip to main content' }).focus();
    // The notice comes right after the skip link in the tab order (decision 0019). Mark the
    // control Tab leaves each time.
    const toggle = notice.getByRole('button', { name: 'Details' });
    for (let step = 0; step < 30; step += 1) {
      if (await toggle.evaluate((element) => element === document.activeElement)) break;
      await page.evaluate(() => {
        document.querySelector('[data-e2e-left]')?.removeAttribute('data-e2e-left');
        document.activeElement?.setAttribute('data-e2e-left', '');
      });
      await page.keyboard.press('Tab');
    }
    await expect(toggle).toBeFocused();
    const cameFrom = page.locator('[data-e2e-left]');
    await expect(cameFrom).toHaveCount(1);
    expect(
      await notice.evaluate(
        (element, from) => element.contains(from),
        await cameFrom.elementHandle(),
      ),
    ).toBe(false);

    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(notice.getByRole('list', { name: 'Strictly necessary cookies' })).toBeVisible();
    await expect(notice.getByText('community.alert_sticky')).toBeVisible();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(notice.getByRole('list')).toBeHidden();

    await page.keyboard.press('Tab');
    await expect(notice.getByRole('button', { name: 'Understood' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(notice).toBeHidden();
    // The focus goes back to the control it came from, not to the start of the page.
    await expect(cameFrom).toBeFocused();
  });

  test('a member who clicks "Understood" while typing goes on typing in the same field', async ({
    page,
  }) => {
    await page.goto('/en/login');
    const field = page.getByRole('textbox', { name: 'Username or e-mail address' });
    await field.click();
    await page.keyboard.type('someone@');
    await page
      .getByRole('region', { name: 'Cookies on Attune' })
      .getByRole('button', { name: 'Understood' })
      .click();
    await page.keyboard.type('example.org');
    await expect(field).toHaveValue('someone@example.org');
  });

  test('at 360 px and 200 % text the notice fits the screen, its details can be read and its button is always in view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/en/login');
    const notice = page.getByRole('region', { name: 'Cookies on Attune' });
    await expect(notice).toBeVisible();
    // Text at 200 %: the app sizes text in rem.
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '200%';
    });
    await notice.getByRole('button', { name: 'Details' }).click();
    await expect(notice.getByRole('list', { name: 'Strictly necessary cookies' })).toBeVisible();

    // Inside the lower half of the screen, no sideways scrolling, and the longest name stays
    // inside the notice.
    const box = (await notice.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(740 / 2);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    expect(await notice.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );
    const name = notice.getByText('community_i18n_redirect');
    await name.scrollIntoViewIfNeeded();
    await expect(name).toBeInViewport();
    const nameBox = (await name.boundingBox())!;
    expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(box.x + box.width);

    // Only the text scrolls: its button is in view all along, without scrolling to it.
    const understood = notice.getByRole('button', { name: 'Understood' });
    await expect(understood).toBeInViewport({ ratio: 1 });
    await understood.click();
    await expect(notice).toBeHidden();
  });

  test('on a small screen, a control reached by Tab is never hidden behind the notice or the banner', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/en/login');
    const notice = page.getByRole('region', { name: 'Cookies on Attune' });
    const banner = page.getByTestId('beta-banner');
    await expect(notice).toBeVisible();
    await expect(banner).toBeVisible();

    // WCAG 2.2 2.4.11: the page keeps room for both, so the focused control scrolls clear of them.
    await page.getByRole('textbox', { name: /Username or e-mail address/ }).focus();
    for (let step = 0; step < 4; step += 1) {
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      const box = (await focused.boundingBox())!;
      const noticeTop = (await notice.boundingBox())!.y;
      const bannerTop = (await banner.boundingBox())!.y;
      expect(box.y + box.height).toBeLessThanOrEqual(Math.min(noticeTop, bannerTop));
      expect(box.y).toBeGreaterThanOrEqual(0);
    }

    // Once the notice is read, its room goes and only the banner's stays.
    await notice.getByRole('button', { name: 'Understood' }).click();
    const bannerRoom = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--attune-beta-banner-space'),
    );
    await expect
      .poll(() => page.evaluate(() => document.body.style.paddingBottom))
      .toBe(bannerRoom.trim());
  });
});
