/** Parent key in local storage under which every client setting is saved (spec §3). */
export const SETTINGS_STORAGE_KEY = 'attune.settings';

export type ThemeMode = 'light' | 'dark' | 'system';

/** Every client setting, each under its own key inside the parent key. */
export interface ClientSettings {
  /** Colour theme chosen in the user menu; 'system' follows the device. */
  themeMode: ThemeMode;
}

/** Light by default (spec §9), whatever the device prefers; 'system' is the member's choice. */
export const DEFAULT_SETTINGS: ClientSettings = { themeMode: 'light' };

const VALIDATORS: { [K in keyof ClientSettings]: (value: unknown) => value is ClientSettings[K] } =
  {
    themeMode: (value): value is ThemeMode =>
      value === 'light' || value === 'dark' || value === 'system',
  };

const listeners = new Set<() => void>();

function readAll(): Partial<Record<string, unknown>> {
  try {
    const raw = localStorage.getItem(SETTINGS_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    // Unreadable JSON or no storage (private mode): behave as if nothing was saved.
    return {};
  }
}

/** One client setting, or its default when missing or invalid. */
export function readLocalSetting<K extends keyof ClientSettings>(key: K): ClientSettings[K] {
  const value = readAll()[key];
  return VALIDATORS[key](value) ? value : DEFAULT_SETTINGS[key];
}

/** Saves one client setting under its own key, keeping the others. */
export function writeLocalSetting<K extends keyof ClientSettings>(
  key: K,
  value: ClientSettings[K],
): void {
  try {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ ...readAll(), [key]: value }));
  } catch {
    // Storage full or unavailable: the setting lives until the page reloads.
  }
  listeners.forEach((listener) => listener());
}

/** Removes every client setting (used on logout, spec §4). */
export function clearLocalSettings(): void {
  try {
    localStorage.removeItem(SETTINGS_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); there is nothing to clear then.
  }
  listeners.forEach((listener) => listener());
}

/** Calls the listener after any setting changes (here or, via the storage event, in another tab). */
export function subscribeLocalSettings(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SETTINGS_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
