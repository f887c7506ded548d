import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '@attune/contract';
import { SERVER_ROOT } from '../../paths';

/**
 * The interface texts the web app ships (apps/web/src/locales/{language}/{namespace}.json), read
 * once and kept flat: `namespace:path.to.key` → text. The server package's root is found by
 * walking up from this file (paths.ts), so this works from src/ (dev, tests) and from dist/.
 */
export const LOCALES_DIR = join(SERVER_ROOT, '..', 'web', 'src', 'locales');

export type FlatTexts = ReadonlyMap<string, string>;

/** One locale file's tree as `prefix + dotted.path` → text (only string leaves count). */
function flatten(tree: unknown, prefix: string, into: Map<string, string>) {
  if (typeof tree !== 'object' || tree === null) return;
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'string') into.set(path, value);
    else flatten(value, `${path}.`, into);
  }
}

/** A language's texts from its locale files (none when the folder is missing). */
function readLanguage(dir: string, language: Language): Map<string, string> {
  const texts = new Map<string, string>();
  const folder = join(dir, language);
  if (!existsSync(folder)) return texts;
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const namespace = file.slice(0, -'.json'.length);
    flatten(JSON.parse(readFileSync(join(folder, file), 'utf8')), `${namespace}:`, texts);
  }
  return texts;
}

let cached: Record<Language, FlatTexts> | null = null;

/** Every language's bundled texts, read on first use and kept in memory. */
export function bundledTexts(dir = LOCALES_DIR): Record<Language, FlatTexts> {
  if (cached && dir === LOCALES_DIR) return cached;
  if (!existsSync(join(dir, 'en')))
    throw new Error(`The web app's locale files are missing: ${dir}`);
  const read = Object.fromEntries(
    LANGUAGES.map((language) => [language, readLanguage(dir, language)]),
  ) as unknown as Record<Language, FlatTexts>;
  if (dir === LOCALES_DIR) cached = read;
  return read;
}
