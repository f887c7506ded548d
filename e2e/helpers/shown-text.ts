import { expect, type Page } from '@playwright/test';

/**
 * Starts watching the page for `text`, so a test can check later that it was shown even when it
 * was on screen only briefly (a status that stays while the next page loads, not for a set time).
 * Works within one page load (client-side navigation keeps the watcher).
 */
export async function watchForText(page: Page, text: string): Promise<void> {
  await page.evaluate((wanted) => {
    const seen = ((window as unknown as { shownTexts?: Set<string> }).shownTexts ??= new Set());
    const check = () => {
      if (document.body.textContent?.includes(wanted)) seen.add(wanted);
    };
    check();
    new MutationObserver(check).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  }, text);
}

/** Fails unless `text` appeared since `watchForText(page, text)`. */
export async function expectTextWasShown(page: Page, text: string): Promise<void> {
  const seen = await page.evaluate(
    (wanted) =>
      (window as unknown as { shownTexts?: Set<string> }).shownTexts?.has(wanted) ?? false,
    text,
  );
  expect(seen, `"${text}" was shown`).toBe(true);
}
