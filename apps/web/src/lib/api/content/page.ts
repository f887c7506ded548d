import { queryOptions } from '@tanstack/react-query';
import type { Language, PageDetailOutput } from '@attune/contract';
import { authed } from '../profile';
import { ApiError } from '../../rest-client';
import { contentKeys } from './content-keys';

/**
 * `GET /api/pages/{slug}/{language}` (staff: `edit_content`): a page as staff edit it (its tokens
 * as written) with its newest revisions; null when there is no such page yet (a new one).
 */
export async function fetchPage(
  slug: string,
  language: Language,
): Promise<PageDetailOutput | null> {
  try {
    return await authed<PageDetailOutput>(`pages/${encodeURIComponent(slug)}/${language}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const pageQueryOptions = (slug: string, language: Language) =>
  queryOptions({
    queryKey: contentKeys.page(slug, language),
    queryFn: () => fetchPage(slug, language),
  });
