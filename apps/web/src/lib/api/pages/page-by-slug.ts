import { queryOptions } from '@tanstack/react-query';
import { PAGE_BY_SLUG_QUERY, type Language, type PageBySlugResult } from '@attune/contract';
import { anonymousGraphqlClient } from '../../graphql-client';

/** Slugs of the public information pages (spec §2). */
export const PUBLIC_PAGE_SLUGS = ['about', 'faq', 'terms-and-conditions'] as const;
export type PublicPageSlug = (typeof PUBLIC_PAGE_SLUGS)[number];

export type PublicPage = NonNullable<PageBySlugResult['pageBySlug']>;

/** Query keys of the pages feature. */
export const pageKeys = {
  all: ['pages'] as const,
  bySlug: (slug: string, language: Language) => [...pageKeys.all, slug, language] as const,
};

/** A public page in one language (GraphQL `pageBySlug`), or null when there is none. */
export async function fetchPageBySlug(
  slug: string,
  language: Language,
): Promise<PublicPage | null> {
  const data = await anonymousGraphqlClient.request<PageBySlugResult>(PAGE_BY_SLUG_QUERY, {
    slug,
    language: language.toUpperCase(),
  });
  return data.pageBySlug;
}

export function pageBySlugQueryOptions(slug: string, language: Language) {
  return queryOptions({
    queryKey: pageKeys.bySlug(slug, language),
    queryFn: () => fetchPageBySlug(slug, language),
    staleTime: 10 * 60_000,
  });
}
