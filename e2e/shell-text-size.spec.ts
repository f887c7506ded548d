import { expect, test, type Page } from '@playwright/test';

/** Text at 200 %: the app sizes text in rem, as a browser's text-size setting does. */
async function doubleTextSize(page: Page) {
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '200%';
  });
}

/** Labels whose text is cut off (wider than the label shows). */
function clippedLabels(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('label')]
      .filter((label) => label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent),
  );
}

test.describe('shell: large text', () => {
  for (const path of ['/es/login', '/de/register/regular', '/de/register', '/es/login/recover']) {
    test(`${path} at 360 px with 200 % text: no sideways scrolling, every label whole`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await doubleTextSize(page);
      await expect
        .poll(() =>
          page.evaluate(
            () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
          ),
        )
        .toBe(true);
      expect(await clippedLabels(page)).toEqual([]);
    });
  }

  test('the login page at 1280 px with 200 % text puts the card above the welcome, not beside it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/en/login');
    await doubleTextSize(page);
    const welcome = page.getByText('Good to have you here');
    const heading = page.getByRole('heading', { level: 1, name: 'Log in' });
    await expect(heading).toBeVisible();
    // Once the columns wrap, the login card comes first, so its first field is high on the
    // screen (decision 0019); the welcome follows below it, whole.
    const welcomeBox = (await welcome.boundingBox())!;
    const card = page.getByRole('main').locator('form');
    const cardBox = (await card.boundingBox())!;
    expect(welcomeBox.y).toBeGreaterThan(cardBox.y + cardBox.height);
    expect(await clippedLabels(page)).toEqual([]);
  });
});
