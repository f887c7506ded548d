/** Parent key in local storage under which every client setting is saved (spec §3). */
export const SETTINGS_STORAGE_KEY = 'attune.settings';

/** Removes every client setting (used on logout). */
export function clearLocalSettings(): void {
  try {
    localStorage.removeItem(SETTINGS_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); there is nothing to clear then.
  }
}
