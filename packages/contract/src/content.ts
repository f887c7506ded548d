import { SEARCH_MAX_LENGTH } from './constants';
import { z } from 'zod';
import { LANGUAGES } from './constants';
import { slugify } from './text';

/**
 * Content editing (step 9): the information pages with drafts and revisions, the FAQ, and staff
 * overrides of the interface texts. Pages and FAQ need the staff operation `edit_content`,
 * translations `edit_translations` (STAFF_PERMISSIONS); reading the FAQ and the texts is public.
 */

export const PAGE_STATUSES = ['published', 'draft'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

export const CONTENT_LIMITS = {
  slugMax: 100,
  titleMax: 200,
  /** Characters of a page's HTML as sent (the server keeps its allow-listed form). */
  contentMax: 80_000,
  /** Revisions the editor lists, newest first. */
  revisionsShown: 50,
  faqEntriesMax: 100,
  faqQuestionMax: 300,
  faqAnswerMax: 5000,
  searchMax: SEARCH_MAX_LENGTH,
  translationKeyMax: 300,
  translationValueMax: 2000,
  /** Keys one search of the translations editor answers. */
  translationResultsMax: 200,
} as const;

/**
 * A page's address by the spec's slug rule (§5, `slugify`): lowercase letters, digits and single
 * hyphens between them.
 */
export const PAGE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PageSlug = z
  .string()
  .trim()
  .min(1)
  .max(CONTENT_LIMITS.slugMax)
  .regex(PAGE_SLUG_PATTERN, 'A page address may hold lowercase letters, digits and hyphens only.')
  // The same rule posts and groups follow (lib/slugs.ts): an address is its own slug.
  .refine((slug) => slugify(slug) === slug, 'A page address must be written as a slug.');

const language = z.enum(LANGUAGES);
const id = z.number().int();

// ─── Pages ─────────────────────────────────────────────────────────────────

export const PageParams = z.object({ slug: PageSlug, language });
export type PageParams = z.infer<typeof PageParams>;

export const PageSummary = z.object({
  slug: z.string(),
  language,
  title: z.string(),
  status: z.enum(PAGE_STATUSES),
  modified: z.string(),
});
export type PageSummary = z.infer<typeof PageSummary>;
/** `GET /api/pages`: every page in every language. */
export const PageListOutput = z.array(PageSummary);
export type PageListOutput = z.infer<typeof PageListOutput>;

export const PageRevision = z.object({
  id,
  title: z.string(),
  status: z.enum(PAGE_STATUSES),
  /** Who saved it; null when that account no longer exists. */
  editor: z.object({ id, nickname: z.string() }).nullable(),
  createdAt: z.string(),
});
export type PageRevision = z.infer<typeof PageRevision>;

/** `GET /api/pages/:slug/:language`: a page as staff edit it (tokens unfilled), with its history. */
export const PageDetailOutput = PageSummary.extend({
  /** Sanitised HTML; `{{supportEmail}}` and `{{manufacturer}}` as written. */
  content: z.string(),
  revisions: z.array(PageRevision),
});
export type PageDetailOutput = z.infer<typeof PageDetailOutput>;

export const PageUpdateInput = z.object({
  title: z.string().trim().min(1).max(CONTENT_LIMITS.titleMax),
  /** HTML; kept in the allow-listed form posts use. */
  content: z.string().max(CONTENT_LIMITS.contentMax),
  status: z.enum(PAGE_STATUSES),
});
export type PageUpdateInput = z.input<typeof PageUpdateInput>;

export const PagePreviewInput = z.object({ content: z.string().max(CONTENT_LIMITS.contentMax) });
export type PagePreviewInput = z.input<typeof PagePreviewInput>;
export const PagePreviewOutput = z.object({ html: z.string() });
export type PagePreviewOutput = z.infer<typeof PagePreviewOutput>;

// ─── FAQ ───────────────────────────────────────────────────────────────────

export const FaqQuery = z.object({
  /** The request's language (Accept-Language) when absent. */
  language: language.optional(),
  /** Words in a question or answer; accents and case do not matter. */
  search: z.string().trim().max(CONTENT_LIMITS.searchMax).optional(),
});
export type FaqQuery = z.input<typeof FaqQuery>;

export const FaqEntry = z.object({
  id,
  position: z.number().int(),
  question: z.string(),
  /** Sanitised HTML. */
  answer: z.string(),
});
export type FaqEntry = z.infer<typeof FaqEntry>;
export const FaqOutput = z.object({ entries: z.array(FaqEntry) });
export type FaqOutput = z.infer<typeof FaqOutput>;

export const FaqLanguageParams = z.object({ language });

export const FaqEntryInput = z.object({
  question: z.string().trim().min(1).max(CONTENT_LIMITS.faqQuestionMax),
  /** HTML; kept in the allow-listed form posts use. */
  answer: z.string().trim().min(1).max(CONTENT_LIMITS.faqAnswerMax),
});
export type FaqEntryInput = z.input<typeof FaqEntryInput>;

/** `PUT /api/faq/:language`: the language's whole list, in order (replaces the one before). */
export const FaqUpdateInput = z.object({
  entries: z.array(FaqEntryInput).min(1).max(CONTENT_LIMITS.faqEntriesMax),
});
export type FaqUpdateInput = z.input<typeof FaqUpdateInput>;

// ─── Translations ──────────────────────────────────────────────────────────

/**
 * An interface text's key: its namespace (the locale file's name) and its path,
 * `layout:footer.contact`.
 */
export const TranslationKey = z.string().trim().min(3).max(CONTENT_LIMITS.translationKeyMax);

export const TranslationsQuery = z.object({
  language,
  /** Part of a key or of a text (English, bundled or overridden); accents and case do not matter. */
  search: z.string().trim().max(CONTENT_LIMITS.searchMax).optional(),
});
export type TranslationsQuery = z.input<typeof TranslationsQuery>;

export const TranslationEntry = z.object({
  key: z.string(),
  /** The text the app ships in this language (English where it has none). */
  bundled: z.string(),
  english: z.string(),
  /** Staff's text in its place, or null. */
  override: z.string().nullable(),
});
export type TranslationEntry = z.infer<typeof TranslationEntry>;
export const TranslationsOutput = z.object({ entries: z.array(TranslationEntry) });
export type TranslationsOutput = z.infer<typeof TranslationsOutput>;

export const TranslationUpdateInput = z.object({
  language,
  key: TranslationKey,
  value: z
    .string()
    .min(1)
    .max(CONTENT_LIMITS.translationValueMax)
    .refine((value) => value.trim() !== '', 'The text cannot be empty.'),
});
export type TranslationUpdateInput = z.input<typeof TranslationUpdateInput>;

/** What a key shows now in a language (after a change or a reset). */
export const TranslationOutput = z.object({ language, key: z.string(), value: z.string() });
export type TranslationOutput = z.infer<typeof TranslationOutput>;

export const TranslationDeleteQuery = z.object({ language, key: TranslationKey });
export type TranslationDeleteQuery = z.input<typeof TranslationDeleteQuery>;

/** The `{{name}}` placeholders in a text, each once, sorted (a changed text must keep them). */
export function textPlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((match) => match[1]!))].sort();
}

/** The placeholders of `original` that `value` lacks. */
export const missingPlaceholders = (original: string, value: string) => {
  const kept = new Set(textPlaceholders(value));
  return textPlaceholders(original).filter((name) => !kept.has(name));
};
