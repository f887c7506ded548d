import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { buildManifest } from './vite-plugins/build-manifest';
import { vendorAssets } from './vite-plugins/vendor-assets';

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
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }),
    react(),
    buildManifest(), // __ATTUNE_BUILD_ID__, builds/latest.json and builds/meta/{id}.json
    vendorAssets(), // /vendor/accessibility/* and /vendor/material-icons/*, served by us
    precompress(),
  ],
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/graphql': { target: backend, changeOrigin: false },
      '/config.json': { target: backend, changeOrigin: false },
      '^/dev/': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
