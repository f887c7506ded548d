import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's root, found by walking up from this file, so paths work the same from
 * `src/` (tests, tsx) and from the bundled `dist/main.js`.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      JSON.parse(readFileSync(manifest, 'utf8')).name === '@attune/server'
    )
      return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @attune/server package root');
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot();
export const MIGRATIONS_DIR = join(SERVER_ROOT, 'drizzle');
export const WEB_DIST_DIR = join(SERVER_ROOT, '..', 'web', 'dist');
