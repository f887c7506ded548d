// Bundles the server into dist/main.js. npm dependencies stay external (installed by npm ci);
// the workspace contract package is bundled, since it ships TypeScript sources.
// `node build.mjs --outfile <path>` bundles elsewhere (the process tests build their own copy).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@attune/'));

const { values: args } = parseArgs({ options: { outfile: { type: 'string' } } });

await build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outfile: args.outfile ?? 'dist/main.js',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
