import { expect, type Page } from '@playwright/test';

/**
 * Waits until the shell's extras (beta banner, cookie notice, accessibility launcher) are on the
 * page with what they decided (apps/web `ShellExtras` marks the document): only then does a notice
 * that is not there prove it will not come.
 */
export async function shellExtrasReady(page: Page): Promise<void> {
  await expect(page.locator('html[data-shell-extras="ready"]')).toHaveCount(1);
}

/**
 * Waits for two frames to be painted: whatever React had pending (a state update after a failed
 * load, an error boundary) is on screen by then. An event of the page, not a length of time.
 */
export async function framesPainted(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}
