import type { Locator } from '@playwright/test';

/**
 * Waits for the finite animations and transitions inside `scope` to end (a dialog fading in, a
 * menu growing, a button's hover colour): axe judges colours mid-way otherwise, and a click may
 * land on something still moving. Endless ones (a progress spinner) are not waited for, and no
 * wait lasts more than two seconds.
 */
export async function settled(scope: Locator): Promise<void> {
  await scope.evaluate((element) => {
    const root = element.closest('.MuiDialog-root, .MuiPopover-root') ?? element;
    const ending = root
      .getAnimations({ subtree: true })
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined));
    return Promise.race([
      Promise.all(ending),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
}
