import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Language,
  TranslationOutput,
  TranslationsOutput,
  TranslationUpdateInput,
} from '@attune/contract';
import { authed } from '../profile';
import { contentKeys } from './content-keys';

/**
 * `PUT /api/translation/internal` (staff: `edit_translations`): overrides one key in one language.
 * A key the app does not ship is refused at `key`, a text without the English placeholders at
 * `value`.
 */
export const saveTranslation = (input: TranslationUpdateInput) =>
  authed<TranslationOutput>('translation/internal', { method: 'PUT', body: input });

/** `DELETE /api/translation/internal?language=&key=`: back to the bundled text. */
export const resetTranslation = (language: Language, key: string) =>
  authed<TranslationOutput>(
    `translation/internal?${new URLSearchParams({ language, key }).toString()}`,
    { method: 'DELETE' },
  );

/** Writes a key's new override (or none) into every cached list of its language. */
function applyOverride(
  data: TranslationsOutput | undefined,
  key: string,
  override: string | null,
): TranslationsOutput | undefined {
  if (!data) return data;
  return {
    entries: data.entries.map((entry) => (entry.key === key ? { ...entry, override } : entry)),
  };
}

/** Saves (a text) or resets (null) one key's override in one language. */
export function useSaveTranslation(language: Language) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value: string | null }) =>
      value === null ? resetTranslation(language, key) : saveTranslation({ language, key, value }),
    onSuccess: (_answer, { key, value }) => {
      queryClient.setQueriesData<TranslationsOutput>(
        { queryKey: contentKeys.translations(language) },
        (data) => applyOverride(data, key, value),
      );
    },
  });
}
