import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { FaqOutput, Language } from '@attune/contract';
import { restRequest } from '../../rest-client';
import { contentKeys } from './content-keys';

/**
 * `GET /api/faq?language=&search=` (public): a language's questions by position; with `search`,
 * those whose question or answer holds it (the server ignores accents and case).
 */
export function fetchFaq(language: Language, search = ''): Promise<FaqOutput> {
  const query = new URLSearchParams({ language });
  if (search.trim()) query.set('search', search.trim());
  return restRequest<FaqOutput>(`faq?${query.toString()}`);
}

/** A FAQ list with the search it answers (a placeholder list keeps its own search). */
export type FaqList = FaqOutput & { search: string };

/** The FAQ of a language for a search ('' for all); the last list stays while the next loads. */
export function faqQueryOptions(language: Language, search = '') {
  return queryOptions({
    queryKey: contentKeys.faq(language, search.trim()),
    queryFn: async (): Promise<FaqList> => ({
      ...(await fetchFaq(language, search)),
      search: search.trim(),
    }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
