import type { BrowserContext, Page } from '@playwright/test';

/**
 * Chooses the colour theme as a member does in the account menu (saved in the client settings,
 * `attune.settings`), before any page of this page or context loads. The app is light by default
 * whatever the device prefers (spec §9), so a dark-theme check chooses dark first.
 */
export async function chooseTheme(
  target: Page | BrowserContext,
  theme: 'light' | 'dark' | 'system',
): Promise<void> {
  await target.addInitScript((mode) => {
    const key = 'attune.settings';
    let saved: Record<string, unknown> = {};
    try {
      saved = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    } catch {
      // An unreadable value is replaced.
    }
    localStorage.setItem(key, JSON.stringify({ ...saved, themeMode: mode }));
  }, theme);
}
