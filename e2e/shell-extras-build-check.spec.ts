import { expect, test, type Page } from '@playwright/test';

const NEW_BUILD = 'e2e0new0build';

/** Marks the current document; a full page load forgets the mark, a client navigation keeps it. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __documentMark?: boolean }).__documentMark = true;
  });
}
function documentIsMarked(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { __documentMark?: boolean }).__documentMark === true,
  );
}

test.describe('new-build check', () => {
  test('a new build reloads the app at the next navigation, but never while the member is typing', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      (window as unknown as Record<string, number>).__ATTUNE_BUILD_CHECK_MS__ = 200;
    });
    // Until `deployed` is true the real build marker answers; then a newer build "is deployed".
    let deployed = false;
    const latestRequests: string[] = [];
    await page.route('**/builds/latest.json*', async (route) => {
      latestRequests.push(route.request().url());
      if (!deployed) return route.continue();
      return route.fulfill({
        json: { id: NEW_BUILD, timestamp: new Date().toISOString() },
        headers: { 'cache-control': 'no-cache' },
      });
    });
    await page.route(`**/builds/meta/${NEW_BUILD}.json*`, (route) =>
      route.fulfill({ json: { id: NEW_BUILD, timestamp: new Date().toISOString() } }),
    );

    await page.goto('/en/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    // The timer asks with a timestamp query; while the build is the same, navigation stays in-app.
    await expect.poll(() => latestRequests.length).toBeGreaterThan(1);
    expect(new URL(latestRequests[0]!).searchParams.get('t')).toMatch(/^\d+$/);
    await markDocument(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL('/en/login/recover');
    expect(await documentIsMarked(page)).toBe(true);

    // The member is typing (focus in a field that holds text) when the new build appears. The
    // router keeps the login page on screen until the recovery page is ready: wait for it, so the
    // text goes into the recovery page's field and not into the page being left.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Reset your password' }),
    ).toBeVisible();
    await page
      .getByRole('textbox', { name: 'E-mail address', exact: true })
      .fill('someone@example.org');
    deployed = true;
    // The app has seen the new build (it marks the document) while the member types.
    await expect(page.locator(`html[data-newer-build="${NEW_BUILD}"]`)).toHaveCount(1);
    await page.goBack();
    await expect(page).toHaveURL('/en/login');
    expect(await documentIsMarked(page), 'no reload while typing').toBe(true);

    // The next navigation with nobody typing loads the page anew, with the new build.
    const loaded = page.waitForEvent('load');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await loaded;
    await expect(page).toHaveURL('/en/login/recover');
    expect(await documentIsMarked(page), 'the page was loaded anew').toBe(false);
  });
});
