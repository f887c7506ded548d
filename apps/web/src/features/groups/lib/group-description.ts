import { LANGUAGES, type GroupOutput, type Language } from '@attune/contract';

/**
 * The description a reader sees, and the language it is written in (for `lang`, so a screen
 * reader pronounces it right): the reader's own, else the first language that has one, as the
 * server chooses `description`. Null when the group has none.
 */
export function groupDescription(
  group: Pick<GroupOutput, 'description' | 'descriptions'>,
  language: Language,
): { text: string; lang: Language } | null {
  const own = group.descriptions[language]?.trim();
  if (own) return { text: own, lang: language };
  for (const code of LANGUAGES) {
    const text = group.descriptions[code]?.trim();
    if (text) return { text, lang: code };
  }
  const text = group.description.trim();
  return text ? { text, lang: language } : null;
}
