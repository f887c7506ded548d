import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { nicknameProblem } from '@attune/contract';
import { checkNickname } from '../lib/api/profile';

/**
 * What the display-name field says about the name typed so far:
 * - `idle`: nothing to report (empty, or the member's own current name, which always counts as
 *   available, spec §5: no call is made);
 * - `too_short`, `too_long`, `reserved`: the contract's rule for the form of a name, said at once;
 * - `checking`, `available`, `taken`, `error`: the server's answer (`users/check/nickname`).
 */
export type NicknameStatus =
  'idle' | 'too_short' | 'too_long' | 'reserved' | 'checking' | 'available' | 'taken' | 'error';

/** Wait after the last key press before asking the server (the check is rate-limited). */
export const NICKNAME_CHECK_DELAY_MS = 400;

/** The value as it was `delay` ms after it last changed, so typing does not fire a call per key. */
function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * The one display-name check of onboarding and settings: the form rule at once, then, after a
 * pause in typing, whether another member has the name. Answers are cached for half a minute.
 */
export function useNicknameCheck(
  nickname: string,
  ownNickname: string,
  delay = NICKNAME_CHECK_DELAY_MS,
): NicknameStatus {
  const name = nickname.trim();
  const debounced = useDebouncedValue(name, delay);
  const own = name !== '' && name.toLowerCase() === ownNickname.trim().toLowerCase();
  const problem = name === '' || own ? null : nicknameProblem(name);
  const worthChecking = name !== '' && !own && problem === null;
  const query = useQuery({
    queryKey: ['nickname-check', debounced.toLowerCase()],
    queryFn: ({ signal }) => checkNickname(debounced, signal),
    enabled: worthChecking && debounced === name,
    retry: false,
    staleTime: 30_000,
  });

  if (name === '' || own) return 'idle';
  if (problem) return problem;
  if (debounced !== name || query.isPending) return 'checking';
  if (query.isError) return 'error';
  return query.data ? 'taken' : 'available';
}

/** Whether the form may be sent with this status (the server has the last word anyway). */
export const nicknameBlocksSaving = (status: NicknameStatus) =>
  status === 'taken' || status === 'reserved' || status === 'too_long';
