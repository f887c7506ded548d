import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import type { Plugin } from 'vite';
import { VENDOR_PATHS } from './vendor-paths';

/** One file copied from an installed npm package to a public path. */
export interface VendorFile {
  /** npm package name. */
  package: string;
  /** Path inside the package. */
  file: string;
  /** Public path, starting with `/`. */
  publicPath: string;
}

const dirOf = (publicPath: string) => publicPath.slice(0, publicPath.lastIndexOf('/'));

/**
 * The browser files we vendor. Names are kept as the packages ship them, so relative references
 * inside them keep working (the widget's `sourceMappingURL`, the icon CSS's `url(./…woff2)`).
 */
export const VENDOR_FILES: VendorFile[] = [
  {
    package: 'accessibility',
    file: 'dist/main.bundle.js',
    publicPath: VENDOR_PATHS.accessibilityScript,
  },
  {
    package: 'accessibility',
    file: 'dist/main.bundle.js.map',
    publicPath: `${dirOf(VENDOR_PATHS.accessibilityScript)}/main.bundle.js.map`,
  },
  {
    package: 'material-icons',
    file: 'iconfont/material-icons.css',
    publicPath: VENDOR_PATHS.materialIconsCss,
  },
  {
    package: 'material-icons',
    file: 'iconfont/material-icons.woff2',
    publicPath: `${dirOf(VENDOR_PATHS.materialIconsCss)}/material-icons.woff2`,
  },
  {
    package: 'material-icons',
    file: 'iconfont/material-icons.woff',
    publicPath: `${dirOf(VENDOR_PATHS.materialIconsCss)}/material-icons.woff`,
  },
];

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/**
 * Finds an installed package by walking up `node_modules` folders. `require.resolve` cannot be
 * used: `accessibility` declares `exports` without its `package.json` or `dist/*` subpaths.
 */
export function findPackageDir(name: string, fromDir: string): string {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error(`Package "${name}" is not installed (looked from ${fromDir})`);
    dir = parent;
  }
}

/**
 * Serves (dev) and emits (build) the vendored browser files under `/vendor/…`: the accessibility
 * widget's browser bundle and the Material Icons font it draws its icons with.
 */
export function vendorAssets(files: VendorFile[] = VENDOR_FILES): Plugin {
  let root = process.cwd();
  const sourceOf = (file: VendorFile) => join(findPackageDir(file.package, root), file.file);
  return {
    name: 'attune-vendor-assets',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      const byPath = new Map(files.map((file) => [file.publicPath, file]));
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0] ?? '';
        const file = byPath.get(path);
        if (!file) return next();
        readFile(sourceOf(file)).then(
          (content) => {
            response.setHeader(
              'Content-Type',
              CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
            );
            response.setHeader('Cache-Control', 'no-cache');
            response.end(content);
          },
          (error: unknown) => next(error),
        );
      });
    },
    async generateBundle() {
      for (const file of files) {
        this.emitFile({
          type: 'asset',
          fileName: file.publicPath.replace(/^\//, ''),
          source: await readFile(sourceOf(file)),
        });
      }
    },
  };
}
