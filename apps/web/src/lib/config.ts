import { PublicConfig } from '@attune/contract';

let current: PublicConfig | null = null;

/** Fetches the public configuration once at start; every base address and token comes from it. */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<PublicConfig> {
  const response = await fetchImpl('/config.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  current = PublicConfig.parse(await response.json());
  return current;
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
