import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Language, TranslationsOutput } from '@attune/contract';
import { authed } from '../profile';
import { contentKeys } from './content-keys';

/**
 * `GET /api/translation/internal?language=&search=` (staff: `edit_translations`): the keys with
 * their English, bundled and overridden texts; at most 200, the server searches keys and texts.
 */
export function fetchTranslations(language: Language, search = ''): Promise<TranslationsOutput> {
  const query = new URLSearchParams({ language });
  if (search.trim()) query.set('search', search.trim());
  return authed<TranslationsOutput>(`translation/internal?${query.toString()}`);
}

export const translationsQueryOptions = (language: Language, search = '') =>
  queryOptions({
    queryKey: contentKeys.translationSearch(language, search.trim()),
    queryFn: () => fetchTranslations(language, search),
    placeholderData: keepPreviousData,
  });
