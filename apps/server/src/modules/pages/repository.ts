import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { faqEntries, pageRevisions, pages, users, type PageRow } from '../../db/schema/index';

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

/** Every page in every language, by slug then language (the staff list). */
export const listPages = (db: Tx) =>
  db
    .select({
      slug: pages.slug,
      language: pages.language,
      title: pages.title,
      status: pages.status,
      updatedAt: pages.updatedAt,
    })
    .from(pages)
    .orderBy(asc(pages.slug), asc(pages.language));

/** A page's newest revisions with their editors' names: one query, the editors joined in. */
export const listRevisions = (db: Tx, pageId: number, limit: number) =>
  db
    .select({
      id: pageRevisions.id,
      title: pageRevisions.title,
      status: pageRevisions.status,
      createdAt: pageRevisions.createdAt,
      editorId: users.id,
      editorNickname: users.nickname,
    })
    .from(pageRevisions)
    .leftJoin(users, eq(users.id, pageRevisions.editorId))
    .where(eq(pageRevisions.pageId, pageId))
    .orderBy(desc(pageRevisions.id))
    .limit(limit);

/**
 * Writes a page (a new slug creates it) and returns its id and whether it was new
 * (`xmax = 0` holds for a row this statement inserted rather than updated).
 */
export async function upsertPage(
  tx: Tx,
  page: {
    slug: string;
    language: string;
    title: string;
    content: string;
    status: string;
    updatedBy: number;
  },
): Promise<{ id: number; created: boolean }> {
  const [row] = await tx
    .insert(pages)
    .values({ ...page, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [pages.slug, pages.language],
      set: {
        title: page.title,
        content: page.content,
        status: page.status,
        updatedBy: page.updatedBy,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: pages.id, created: sql<boolean>`(xmax = 0)` });
  return row!;
}

export async function insertRevision(
  tx: Tx,
  revision: { pageId: number; title: string; content: string; status: string; editorId: number },
) {
  await tx.insert(pageRevisions).values(revision);
}

// ---------------------------------------------------------------------------------------------
// FAQ

/** `%text%` for LIKE, with the pattern's own signs taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (sign) => `\\${sign}`)}%`;

/** Text folded for comparison: accents off, then lower case (works under any collation). */
const folded = (value: SQL) => sql`lower(f_unaccent(${value}))`;

/** The readable text of an answer: tags out, the entities the renderer writes turned back. */
const answerText = sql`replace(replace(replace(replace(replace(
  regexp_replace(${faqEntries.answer}, '<[^>]*>', ' ', 'g'),
  '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')`;

/**
 * A language's FAQ entries by position; with `search`, those whose question or answer text holds
 * it, accents and case aside (compared in SQL, like the member search).
 */
export function listFaq(db: Tx, language: string, search?: string) {
  const conditions: SQL[] = [eq(faqEntries.language, language)];
  if (search) {
    const pattern = folded(sql`${containing(search)}`);
    conditions.push(
      sql`(${folded(sql`${faqEntries.question}`)} like ${pattern} or ${folded(answerText)} like ${pattern})`,
    );
  }
  return db
    .select({
      id: faqEntries.id,
      position: faqEntries.position,
      question: faqEntries.question,
      answer: faqEntries.answer,
    })
    .from(faqEntries)
    .where(and(...conditions))
    .orderBy(asc(faqEntries.position), asc(faqEntries.id));
}

/** Replaces a language's entries with these, numbered 1, 2, 3 … in the order given. */
export async function replaceFaq(
  tx: Tx,
  language: string,
  entries: { question: string; answer: string }[],
  updatedBy: number | null,
) {
  await tx.delete(faqEntries).where(eq(faqEntries.language, language));
  if (entries.length === 0) return;
  await tx.insert(faqEntries).values(
    entries.map((entry, index) => ({
      language,
      position: index + 1,
      question: entry.question,
      answer: entry.answer,
      updatedBy,
    })),
  );
}

/** Seeds a language's entries only when it has none (start-up, under the start-up lock). */
export async function insertFaqIfEmpty(
  db: Db,
  language: string,
  entries: { question: string; answer: string }[],
) {
  if (entries.length === 0) return;
  const values = sql.join(
    entries.map(
      (entry, index) => sql`(${language}, ${index + 1}::int, ${entry.question}, ${entry.answer})`,
    ),
    sql`, `,
  );
  await db.execute(sql`insert into faq_entries (language, position, question, answer)
    select v.language, v.position, v.question, v.answer
    from (values ${values}) as v(language, position, question, answer)
    where not exists (select 1 from faq_entries f where f.language = ${language})`);
}
