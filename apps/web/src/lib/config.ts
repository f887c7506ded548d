import { DEFAULT_MANUFACTURER_NAMES, type Language, type PublicConfig } from '@attune/contract';

let current: PublicConfig | null = null;

/** Fetches the public configuration once at start; every base address and token comes from it. */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<PublicConfig> {
  const response = await fetchImpl('/config.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  current = checkConfig(await response.json());
  return current;
}

const STRING_KEYS = [
  'graphqlUrl',
  'restUrl',
  'socialUrl',
  'backendUrl',
  'appUrl',
  'registerToken',
  'recoverToken',
  'authCookieName',
  'supportEmail',
  'productionHost',
] as const;

/**
 * Checks the shape of `/config.json` by hand: the contract's zod schema would put the whole zod
 * library into the first JavaScript every visitor loads (about 25 KB gzip).
 */
export function checkConfig(value: unknown): PublicConfig {
  const config = value as Record<string, unknown> | null;
  if (!config || typeof config !== 'object') throw new Error('config.json is not an object');
  for (const key of STRING_KEYS) {
    if (typeof config[key] !== 'string') throw new Error(`config.json: ${key} must be a string`);
  }
  if (typeof config.localMode !== 'boolean')
    throw new Error('config.json: localMode must be a boolean');
  if (config.consent !== null && typeof config.consent !== 'object')
    throw new Error('config.json: consent must be an object or null');
  return config as unknown as PublicConfig;
}

/** The configuration loaded at start (throws when read before `loadConfig`). */
export function getConfig(): PublicConfig {
  if (!current) throw new Error('Public configuration is not loaded yet');
  return current;
}

/** Replaces the configuration; used by tests and by `loadConfig`. */
export function setConfig(config: PublicConfig): void {
  current = config;
}

/** Joins a base address from the configuration and a path without doubling slashes. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * Neutral manufacturer name used in English role labels (spec §6 "the manufacturer") until the
 * public configuration carries the brand name.
 */
export const DEFAULT_MANUFACTURER_NAME = DEFAULT_MANUFACTURER_NAMES.en;

/**
 * The manufacturer's name in a language, for labels: from the public configuration when given,
 * else that language's neutral words (never the English ones on a German or Spanish page).
 */
export function getManufacturerName(language: Language = 'en'): string {
  const config = current as Partial<PublicConfig> | null;
  const configured =
    config?.manufacturerNames?.[language] ??
    (language === 'en' ? config?.manufacturerName : undefined);
  return typeof configured === 'string' && configured.trim()
    ? configured.trim()
    : DEFAULT_MANUFACTURER_NAMES[language];
}

/** Whether a language shows its neutral manufacturer words, whose role labels are worded apart. */
export function isDefaultManufacturerName(language: Language): boolean {
  return getManufacturerName(language) === DEFAULT_MANUFACTURER_NAMES[language];
}
