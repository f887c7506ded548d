import { useQuery } from '@tanstack/react-query';
import { checkNickname } from '../../../lib/profile-api';
import { useDebouncedValue } from './use-debounced-value';

/** What the display-name field says about the name typed so far. */
export type NicknameStatus = 'idle' | 'checking' | 'available' | 'taken' | 'error';

/** Wait after the last key press before asking the server (the check is rate-limited). */
export const NICKNAME_CHECK_DELAY_MS = 400;
/** The server refuses shorter display names, so they are not worth a check. */
const MIN_LENGTH = 2;

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Checks as the member types whether a display name is free (`GET /api/users/check/nickname`),
 * debounced. The member's own current name always counts as available (spec §5), without a call.
 */
export function useNicknameCheck(
  nickname: string,
  ownNickname: string,
  delay = NICKNAME_CHECK_DELAY_MS,
): NicknameStatus {
  const name = nickname.trim();
  const debounced = useDebouncedValue(name, delay);
  const own = sameName(name, ownNickname);
  const worthChecking = [...name].length >= MIN_LENGTH && !own;
  const query = useQuery({
    queryKey: ['onboarding', 'nickname-check', debounced],
    queryFn: ({ signal }) => checkNickname(debounced, signal),
    enabled: worthChecking && debounced === name,
    retry: false,
    staleTime: 30_000,
  });

  if (own && name !== '') return 'available';
  if (!worthChecking) return 'idle';
  if (debounced !== name || query.isPending) return 'checking';
  if (query.isError) return 'error';
  return query.data ? 'taken' : 'available';
}
