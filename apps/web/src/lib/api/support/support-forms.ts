import { queryOptions } from '@tanstack/react-query';
import type { Language, SupportForm } from '@attune/contract';
import { restRequest } from '../../rest-client';

/** Query keys of the support feature. */
export const supportKeys = {
  all: ['support'] as const,
  forms: (language: Language) => [...supportKeys.all, 'forms', language] as const,
};

/**
 * `GET /api/support/form-ids` (public): the forms a request can be sent with, named in the
 * request's language (`Accept-Language`, the current route's language).
 */
export const fetchSupportForms = () => restRequest<SupportForm[]>('support/form-ids');

/** The forms in one language; the language is in the key, so a switch asks again. */
export function supportFormsQueryOptions(language: Language) {
  return queryOptions({
    queryKey: supportKeys.forms(language),
    queryFn: fetchSupportForms,
    staleTime: 60 * 60_000,
  });
}
