import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { buildManifest } from './vite-plugins/build-manifest';
import { localizedIndex } from './vite-plugins/localized-index';
import { vendorAssets } from './vite-plugins/vendor-assets';

/** Libraries every first screen needs, bundled together (see `build.rolldownOptions`). */
const FRAMEWORK_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|@emotion[\\/][^\\/]+|@mui[\\/](system|utils|styled-engine|private-theming|material)|@tanstack[\\/](react-router|router-core|history|store|react-store)|i18next|react-i18next|use-sync-external-store|stylis|hoist-non-react-statics|react-is|clsx|cookie-es|tiny-invariant|tiny-warning|seroval|seroval-plugins)[\\/]/;

const backend = process.env.ATTUNE_DEV_BACKEND ?? 'http://localhost:3000';
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `.br` and `.gz` copies of the built text assets, so the server can send them
 * pre-compressed (e.g. @fastify/static `preCompressed: true`) without compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'attune-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((file) => /\.(js|css|html|svg|json)$/.test(file))
          .map(async (file) => {
            const path = join(outDir, file);
            const content = await readFile(path);
            if (content.length < 1024) return;
            await writeFile(
              `${path}.br`,
              await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
            await writeFile(`${path}.gz`, await gzipAsync(content, { level: 9 }));
          }),
      );
    },
  };
}

/** Vite config: file routes with automatic route-level code splitting; the dev server proxies the back end. */
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      quoteStyle: 'single',
      // A route's loader goes with its component (one request when the route is matched), so the
      // login page loads no other page's loader code (profile, pages, viewer; decision 0018).
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader', 'component'],
          ['pendingComponent', 'errorComponent', 'notFoundComponent'],
        ],
      },
    }),
    react(),
    buildManifest(), // __ATTUNE_BUILD_ID__, builds/latest.json and builds/meta/{id}.json
    vendorAssets(), // /vendor/accessibility/* and /vendor/material-icons/*, served by us
    localizedIndex({ localesDir: join(import.meta.dirname, 'src/locales') }),
    precompress(),
  ],
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/graphql': { target: backend, changeOrigin: false },
      // The live socket; the Host stays the page's, which the server's Origin check accepts.
      '/ws': { target: backend.replace(/^http/, 'ws'), ws: true, changeOrigin: false },
      '/config.json': { target: backend, changeOrigin: false },
      '^/dev/': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // One framework chunk for what every first screen runs (decision 0018): React, the
              // router, MUI's styling core and i18next, instead of dozens of small shared files.
              name: 'framework',
              test: FRAMEWORK_MODULES,
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
});
