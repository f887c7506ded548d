import {
  CONTENT_LIMITS,
  LANGUAGES,
  missingPlaceholders,
  type Language,
  type TranslationEntry,
  type TranslationOutput,
  type TranslationsOutput,
} from '@attune/contract';
import type { Db, Tx } from '../../db/client';
import { invalidField } from '../../errors';
import { recordAudit } from '../audit/service';
import { assertMay as assertStaff, type StaffPrincipal } from '../../lib/staff-access';
import { bundledTexts, type FlatTexts } from './bundle';
import * as repository from './repository';

/**
 * Interface texts (step 9): the web's bundled locale files are the base; staff with
 * `edit_translations` override single keys per language, and the web applies the result over its
 * bundled texts at start. A key missing in a language falls back to English.
 */

export interface Translation {
  key: string;
  value: string;
}

/** The language a client named (case aside), or 400 `validation_failed` at `language`. */
export function languageOf(value: string): Language {
  const language = LANGUAGES.find((code) => code === value.trim().toLowerCase());
  if (!language) throw invalidField('language', 'This language is not one of en, de and es.');
  return language;
}

/** Every English key with its text in `language`, else the English one (a missing key). */
export function withFallback(
  texts: Readonly<Record<Language, FlatTexts>>,
  language: Language,
): Translation[] {
  return [...texts.en].map(([key, english]) => ({
    key,
    value: texts[language].get(key) ?? english,
  }));
}

const baseCache = new Map<Language, readonly Translation[]>();

/** `withFallback` over the bundled texts, computed once per language. */
function bundledList(language: Language): readonly Translation[] {
  let list = baseCache.get(language);
  if (!list) {
    list = withFallback(bundledTexts(), language);
    baseCache.set(language, list);
  }
  return list;
}

/**
 * Every interface text of a language: the override if any, else bundled, else English. With
 * `overridesOnly`, just staff's overrides of keys the bundle still has: what an app that ships the
 * bundled texts needs on every page load (usually nothing), rather than all of them again.
 */
export async function translationsFor(
  db: Tx,
  language: Language,
  options: { overridesOnly?: boolean } = {},
): Promise<Translation[]> {
  const overrides = await repository.overridesOf(db, language);
  const base = bundledList(language);
  if (options.overridesOnly)
    return base.flatMap((entry) => {
      const override = overrides.get(entry.key);
      return override === undefined ? [] : [{ key: entry.key, value: override }];
    });
  if (overrides.size === 0) return base as Translation[];
  return base.map((entry) => {
    const override = overrides.get(entry.key);
    return override === undefined ? entry : { key: entry.key, value: override };
  });
}

/** Text for comparing: no accents, lower case. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The keys of a language for the translations editor, with the English text, the bundled one and
 * the override; with `search`, those whose key or any of the texts holds it (the bundle is in
 * memory, the overrides one query). At most CONTENT_LIMITS.translationResultsMax, by key.
 */
export async function listTranslations(
  db: Tx,
  principal: StaffPrincipal | null,
  language: Language,
  search?: string,
): Promise<TranslationsOutput> {
  assertStaff('edit_translations', principal);
  const texts = bundledTexts();
  const overrides = await repository.overridesOf(db, language);
  const wanted = search ? fold(search.trim()) : '';
  const entries: TranslationEntry[] = [];
  for (const [key, english] of texts.en) {
    const entry = {
      key,
      bundled: texts[language].get(key) ?? english,
      english,
      override: overrides.get(key) ?? null,
    };
    if (
      wanted &&
      ![entry.key, entry.bundled, entry.english, entry.override ?? ''].some((text) =>
        fold(text).includes(wanted),
      )
    )
      continue;
    entries.push(entry);
    if (entries.length >= CONTENT_LIMITS.translationResultsMax) break;
  }
  return { entries };
}

/** The English text of a key, or 400 at `key` when the app has no such text. */
function englishOf(key: string): string {
  const english = bundledTexts().en.get(key);
  if (english === undefined) throw invalidField('key', 'There is no interface text with this key.');
  return english;
}

/**
 * Overrides one key in one language, with an audit entry. The text must keep the `{{…}}`
 * placeholders of the English text (the app fills them in), else 400 at `value`.
 */
export async function setTranslation(
  db: Db,
  principal: StaffPrincipal | null,
  input: { language: Language; key: string; value: string },
): Promise<TranslationOutput> {
  assertStaff('edit_translations', principal);
  const english = englishOf(input.key);
  const missing = missingPlaceholders(english, input.value);
  if (missing.length > 0)
    throw invalidField(
      'value',
      `The text must keep these placeholders: ${missing.map((name) => `{{${name}}}`).join(', ')}.`,
    );
  await db.transaction(async (tx) => {
    await repository.upsertOverride(tx, { ...input, updatedBy: principal.userId });
    await recordAudit(tx, {
      actorId: principal.userId,
      action: 'translation.updated',
      details: { language: input.language, key: input.key },
    });
  });
  return { language: input.language, key: input.key, value: input.value };
}

/**
 * Removes the override of a key (back to the bundled text), with an audit entry when there was
 * one. Answers the text the key shows now.
 */
export async function resetTranslation(
  db: Db,
  principal: StaffPrincipal | null,
  input: { language: Language; key: string },
): Promise<TranslationOutput> {
  assertStaff('edit_translations', principal);
  const english = englishOf(input.key);
  await db.transaction(async (tx) => {
    if (!(await repository.deleteOverride(tx, input.language, input.key))) return;
    await recordAudit(tx, {
      actorId: principal.userId,
      action: 'translation.updated',
      details: { language: input.language, key: input.key, reset: true },
    });
  });
  const bundled = bundledTexts()[input.language].get(input.key) ?? english;
  return { language: input.language, key: input.key, value: bundled };
}
