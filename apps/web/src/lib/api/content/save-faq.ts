import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FaqOutput, FaqUpdateInput, Language } from '@attune/contract';
import { authed } from '../profile';
import { contentKeys } from './content-keys';

/**
 * `PUT /api/faq/{language}` (staff: `edit_content`): the language's whole list in its new order;
 * answers the list as saved. A refused entry is `validation_failed` at `entries.N.question|answer`.
 */
export const saveFaq = (language: Language, input: FaqUpdateInput) =>
  authed<FaqOutput>(`faq/${language}`, { method: 'PUT', body: input });

/** Saves a language's FAQ and puts the saved list in place of every cached one. */
export function useSaveFaq(language: Language) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FaqUpdateInput) => saveFaq(language, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(contentKeys.faq(language, ''), { ...saved, search: '' });
      void queryClient.invalidateQueries({
        queryKey: contentKeys.faqs(),
        predicate: (query) => query.queryKey[3] !== '' || query.queryKey[2] !== language,
      });
    },
  });
}
