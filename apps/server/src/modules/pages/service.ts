import { LANGUAGES, type Language } from '@attune/contract';
import type { Db } from '../../db/client';
import { DEFAULT_PAGES } from './default-content';
import * as repository from './repository';
import { escapeHtml } from '../../lib/html';

export interface PageView {
  id: string;
  databaseId: number;
  slug: string;
  title: string;
  content: string;
  language: Language;
  modified: string;
}

export interface PageTokens {
  supportEmail: string;
  manufacturer: string;
}

/** Seeds the public pages in every language when missing (idempotent; run at start in every mode). */
export async function ensureDefaultPages(db: Db) {
  const rows = Object.entries(DEFAULT_PAGES).flatMap(([slug, byLanguage]) =>
    LANGUAGES.map((language) => ({ slug, language, ...byLanguage[language] })),
  );
  await repository.insertMissingPages(db, rows);
}

/** A page by slug in the language asked for, with configuration filled in; null when there is none. */
export async function getPage(
  db: Db,
  slug: string,
  language: Language,
  tokens: PageTokens,
): Promise<PageView | null> {
  const row = await repository.findPage(db, slug, language);
  if (!row) return null;
  const fill = (text: string) =>
    text
      .replaceAll('{{supportEmail}}', escapeHtml(tokens.supportEmail))
      .replaceAll('{{manufacturer}}', escapeHtml(tokens.manufacturer));
  return {
    id: Buffer.from(`page:${row.id}`).toString('base64'),
    databaseId: row.id,
    slug: row.slug,
    title: fill(row.title),
    content: fill(row.content),
    language: row.language as Language,
    modified: row.updatedAt.toISOString(),
  };
}
