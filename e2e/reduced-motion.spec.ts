import { expect, test, type Browser, type Locator } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { logInThroughPage as logIn, readyMember } from './helpers/members';

/**
 * Members who asked their system for less motion get none from the app: a menu is simply there,
 * without growing or fading in (lib/theme.ts, `reducedMotionStyles`). Others keep the transitions.
 */

/** The longest of an element's computed transition durations, in milliseconds. */
const longestTransitionMs = (element: Locator) =>
  element.evaluate((node) =>
    Math.max(
      ...getComputedStyle(node)
        .transitionDuration.split(',')
        .map((duration) => {
          const value = Number.parseFloat(duration);
          return duration.trim().endsWith('ms') ? value : value * 1000;
        }),
    ),
  );

/** Opens the account menu of a new member in a context with this motion preference. */
async function openAccountMenu(browser: Browser, reducedMotion: 'reduce' | 'no-preference') {
  const context = await browser.newContext({ reducedMotion });
  const page = await context.newPage();
  const member = await readyMember(page.request, 'Motion');
  await logIn(page, member.email, member.password);
  await page.getByRole('button', { name: `Account menu of ${member.nickname}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return { context, page, paper: page.locator('.MuiMenu-paper') };
}

test.describe('reduced motion', () => {
  test('a member who asked for less motion sees the menu at once; others see it grow', async ({
    browser,
  }) => {
    const calm = await openAccountMenu(browser, 'reduce');
    expect(await longestTransitionMs(calm.paper)).toBeLessThanOrEqual(0.01);
    // Nothing on the page slides or fades: every transition started ends within 0.01 ms (one
    // may still count as running until the next frame, so its length is what is checked).
    const lengths = await calm.page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => {
          const timing = animation.effect!.getComputedTiming();
          return Number(timing.duration) + (timing.delay ?? 0);
        }),
    );
    for (const length of lengths) expect(length).toBeLessThanOrEqual(0.01);
    await expectNoAxeViolations(calm.page, 'account menu open, reduced motion');
    await calm.context.close();

    const usual = await openAccountMenu(browser, 'no-preference');
    expect(await longestTransitionMs(usual.paper)).toBeGreaterThan(100);
    await usual.context.close();
  });
});
