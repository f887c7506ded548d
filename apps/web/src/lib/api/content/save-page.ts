import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language, PageDetailOutput, PageUpdateInput } from '@attune/contract';
import { authed } from '../profile';
import { contentKeys } from './content-keys';

/**
 * `PUT /api/pages/{slug}/{language}` (staff: `edit_content`): saves the page (a new slug creates
 * it) with a revision; answers the page as saved. Refusals are `validation_failed` at the field.
 */
export const savePage = (slug: string, language: Language, input: PageUpdateInput) =>
  authed<PageDetailOutput>(`pages/${encodeURIComponent(slug)}/${language}`, {
    method: 'PUT',
    body: input,
  });

/** Saves a page; the saved page replaces the cached one and the list is asked again. */
export function useSavePage(slug: string, language: Language) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PageUpdateInput) => savePage(slug, language, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(contentKeys.page(slug, language), saved);
      void queryClient.invalidateQueries({ queryKey: contentKeys.pages() });
    },
  });
}
