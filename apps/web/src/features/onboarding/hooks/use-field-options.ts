import { useQuery } from '@tanstack/react-query';
import type { Language, Option } from '@attune/contract';
import { profileFieldsQueryOptions } from '../../../lib/api/profile';

/**
 * The translated choices of the extended profile fields (`GET /api/profile-fields`), looked up by
 * field name case-insensitively like the fields themselves (spec §3).
 */
export function useFieldOptions(language: Language) {
  const query = useQuery(profileFieldsQueryOptions(language));
  const optionsOf = (name: string): Option[] =>
    query.data?.find((field) => field.name.toLowerCase() === name.toLowerCase())?.options ?? [];
  return { optionsOf, isLoading: query.isPending, isError: query.isError };
}
