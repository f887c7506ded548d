import {
  CONTENT_LIMITS,
  LANGUAGES,
  type FaqOutput,
  type Language,
  type PageDetailOutput,
  type PageListOutput,
  type PageStatus,
  PageUpdateInput,
} from '@attune/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { AppError, invalidField, notFound } from '../../errors';
import { escapeHtml } from '../../lib/html';
import { readContent } from '../posts/service';
import { recordAudit } from '../audit/service';
import { assertMay as assertStaff, type StaffPrincipal } from '../../lib/staff-access';
import { DEFAULT_FAQ, DEFAULT_PAGES } from './default-content';
import * as repository from './repository';

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

/**
 * Seeds the public pages in every language when missing, and the FAQ entries of a language that
 * has none (idempotent; run at start in every mode). Edited pages and entries are left alone.
 */
export async function ensureDefaultPages(db: Db) {
  const rows = Object.entries(DEFAULT_PAGES).flatMap(([slug, byLanguage]) =>
    LANGUAGES.map((language) => ({ slug, language, ...byLanguage[language] })),
  );
  await repository.insertMissingPages(db, rows);
  for (const language of LANGUAGES)
    await repository.insertFaqIfEmpty(db, language, DEFAULT_FAQ[language]);
}

/**
 * A published page by slug in the language asked for, with configuration filled in; null when
 * there is none or it is a draft (drafts are for staff only).
 */
export async function getPage(
  db: Db,
  slug: string,
  language: Language,
  tokens: PageTokens,
): Promise<PageView | null> {
  const row = await repository.findPage(db, slug, language);
  if (!row || row.status !== 'published') return null;
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

// ---------------------------------------------------------------------------------------------
// Editing (staff: `edit_content`)

/**
 * Rich text as it will be kept: the posts' allow-list (decision 0038), so a page or an answer can
 * never carry a script. A text with nothing left to read, or too long, is refused at `field`.
 */
async function sanitised(db: Tx, html: string, field: string): Promise<string> {
  try {
    return (await readContent(db, html)).html;
  } catch (error) {
    if (error instanceof AppError && error.code === 'content_required')
      throw invalidField(field, 'Please write something first.');
    if (error instanceof AppError && error.code === 'content_too_long')
      throw invalidField(field, 'The text is too long.');
    if (error instanceof AppError && error.code === 'too_many_mentions')
      throw invalidField(field, 'Too many members mentioned.');
    throw error;
  }
}

/** Every page in every language with its status, for the staff's list. */
export async function listPages(db: Tx, principal: StaffPrincipal | null): Promise<PageListOutput> {
  assertStaff('edit_content', principal);
  const rows = await repository.listPages(db);
  return rows.map((row) => ({
    slug: row.slug,
    language: row.language as Language,
    title: row.title,
    status: row.status as PageStatus,
    modified: row.updatedAt.toISOString(),
  }));
}

async function pageDetail(db: Tx, slug: string, language: Language): Promise<PageDetailOutput> {
  const row = await repository.findPage(db, slug, language);
  if (!row) throw notFound('There is no page at this address in this language.');
  const revisions = await repository.listRevisions(db, row.id, CONTENT_LIMITS.revisionsShown);
  return {
    slug: row.slug,
    language: row.language as Language,
    title: row.title,
    content: row.content,
    status: row.status as PageStatus,
    modified: row.updatedAt.toISOString(),
    revisions: revisions.map((revision) => ({
      id: revision.id,
      title: revision.title,
      status: revision.status as PageStatus,
      editor:
        revision.editorId === null
          ? null
          : { id: revision.editorId, nickname: revision.editorNickname ?? '' },
      createdAt: revision.createdAt.toISOString(),
    })),
  };
}

/** A page as staff edit it: its text with the tokens as written, and its newest revisions. */
export async function getPageForEditing(
  db: Tx,
  principal: StaffPrincipal | null,
  slug: string,
  language: Language,
): Promise<PageDetailOutput> {
  assertStaff('edit_content', principal);
  return pageDetail(db, slug, language);
}

/**
 * Saves a page (a new slug creates it): its sanitised text, a revision and an audit entry in one
 * transaction. Answers the page as saved.
 */
export async function savePage(
  db: Db,
  principal: StaffPrincipal | null,
  where: { slug: string; language: Language },
  input: z.output<typeof PageUpdateInput>,
): Promise<PageDetailOutput> {
  assertStaff('edit_content', principal);
  const content = await sanitised(db, input.content, 'content');
  const title = input.title.trim();
  return db.transaction(async (tx) => {
    const saved = await repository.upsertPage(tx, {
      ...where,
      title,
      content,
      status: input.status,
      updatedBy: principal.userId,
    });
    await repository.insertRevision(tx, {
      pageId: saved.id,
      title,
      content,
      status: input.status,
      editorId: principal.userId,
    });
    await recordAudit(tx, {
      actorId: principal.userId,
      action: 'page.updated',
      details: { ...where, status: input.status, created: saved.created },
    });
    return pageDetail(tx, where.slug, where.language);
  });
}

/** The HTML a page's content would be saved as (the editor's preview); nothing is stored. */
export async function previewPage(
  db: Tx,
  principal: StaffPrincipal | null,
  content: string,
): Promise<{ html: string }> {
  assertStaff('edit_content', principal);
  return { html: await sanitised(db, content, 'content') };
}

// ---------------------------------------------------------------------------------------------
// FAQ

/** A language's FAQ by position; with `search`, the entries whose question or answer holds it. */
export async function listFaq(db: Tx, language: Language, search?: string): Promise<FaqOutput> {
  const rows = await repository.listFaq(db, language, search?.trim() || undefined);
  return { entries: rows };
}

/**
 * Replaces a language's FAQ with these entries, in this order (answers sanitised), with an audit
 * entry, in one transaction. Answers the list as saved.
 */
export async function replaceFaq(
  db: Db,
  principal: StaffPrincipal | null,
  language: Language,
  entries: { question: string; answer: string }[],
): Promise<FaqOutput> {
  assertStaff('edit_content', principal);
  const cleaned: { question: string; answer: string }[] = [];
  for (const [index, entry] of entries.entries()) {
    cleaned.push({
      question: entry.question.trim(),
      answer: await sanitised(db, entry.answer, `entries.${index}.answer`),
    });
  }
  return db.transaction(async (tx) => {
    await repository.replaceFaq(tx, language, cleaned, principal.userId);
    await recordAudit(tx, {
      actorId: principal.userId,
      action: 'faq.updated',
      details: { language, entries: cleaned.length },
    });
    return listFaq(tx, language);
  });
}
