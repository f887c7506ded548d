import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The languages of the app (packages/contract's LANGUAGES; kept here because plugins run in Node). */
const LANGUAGES = ['en', 'de', 'es'] as const;

/**
 * Pages that are often the first one a visitor opens, with the route modules they render. Their
 * copies of index.html also preload those routes' code, which the router would otherwise ask for
 * only after the framework has run: one round trip less before the form can be used.
 */
const FIRST_PAGES = {
  login: [
    /routes\/\$lang\/route\.tsx\?tsr-split/,
    /routes\/\$lang\/_login\.tsx\?tsr-split/,
    /routes\/\$lang\/_login\/login\/index\.tsx\?tsr-split/,
  ],
} as const satisfies Record<string, RegExp[]>;

export type FirstPage = keyof typeof FIRST_PAGES;

/** The name of the copy of index.html for `language` (and a first page): `index.de.html`, `login.de.html`. */
export function localizedIndexName(language: string, page: FirstPage | 'index' = 'index'): string {
  return `${page}.${language}.html`;
}

/** Every chunk `chunk` needs before it runs, itself included. */
function withStaticImports(bundle: OutputBundle, chunk: OutputChunk, into = new Set<string>()) {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const name of chunk.imports) {
    const imported = bundle[name];
    if (imported?.type === 'chunk') withStaticImports(bundle, imported, into);
  }
  return into;
}

/** `<link rel="modulepreload">` for the chunks of `page` that index.html does not preload yet. */
function preloadLinks(bundle: OutputBundle, html: string, page: FirstPage): string {
  const files = new Set<string>();
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk' || !output.facadeModuleId) continue;
    if (!FIRST_PAGES[page].some((pattern) => pattern.test(output.facadeModuleId ?? ''))) continue;
    withStaticImports(bundle, output, files);
  }
  return [...files]
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
}

/**
 * Writes `index.{en,de,es}.html` beside `index.html`: the same page with `<html lang>` and the
 * loading screen's text in that language, so the first paint (before any script runs) is already
 * in the visitor's language and screen readers pronounce it right; and `login.{en,de,es}.html`,
 * which also preload the login page's code. The server sends the copy that matches the path.
 */
export function localizedIndex({ localesDir }: { localesDir: string }): Plugin {
  return {
    name: 'attune-localized-index',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const html = String(index.source);
      const loginPreloads = preloadLinks(bundle as OutputBundle, html, 'login');
      for (const language of LANGUAGES) {
        const common = JSON.parse(
          readFileSync(join(localesDir, language, 'common.json'), 'utf8'),
        ) as { app: { loading: string } };
        const localized = html
          .replace('<html lang="en">', `<html lang="${language}">`)
          .replace(
            'role="status">Loading…</p>',
            `role="status">${escapeHtml(common.app.loading)}</p>`,
          );
        this.emitFile({ type: 'asset', fileName: localizedIndexName(language), source: localized });
        this.emitFile({
          type: 'asset',
          fileName: localizedIndexName(language, 'login'),
          source: localized.replace('</head>', `  ${loginPreloads}\n  </head>`),
        });
      }
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!,
  );
}
