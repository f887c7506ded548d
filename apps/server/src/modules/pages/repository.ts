import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pages, type PageRow } from '../../db/schema/index';

export type { PageRow };

export async function findPage(
  db: Tx,
  slug: string,
  language: string,
): Promise<PageRow | undefined> {
  const [row] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.language, language)))
    .limit(1);
  return row;
}

/** Inserts pages that do not exist yet; existing (possibly edited) pages are left alone. */
export async function insertMissingPages(
  db: Db,
  rows: { slug: string; language: string; title: string; content: string }[],
) {
  if (rows.length > 0) await db.insert(pages).values(rows).onConflictDoNothing();
}
