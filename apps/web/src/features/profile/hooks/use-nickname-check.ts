import { useEffect, useState } from 'react';
import { checkNickname } from '../../../lib/profile-api';

export type NicknameStatus = 'idle' | 'checking' | 'free' | 'taken' | 'tooShort' | 'error';

/** Wait after the last key press before asking the server (it rate-limits the check). */
export const NICKNAME_CHECK_DELAY_MS = 500;

/**
 * Whether a nickname is free, checked as the member types (debounced, earlier checks cancelled).
 * Their own current name counts as free without asking (spec §5).
 */
export function useNicknameCheck(nickname: string, ownNickname: string): NicknameStatus {
  const wanted = nickname.trim();
  const isOwn = wanted.toLowerCase() === ownNickname.trim().toLowerCase();
  const tooShort = [...wanted].length < 2;
  const [result, setResult] = useState<{ name: string; status: NicknameStatus } | null>(null);

  useEffect(() => {
    if (isOwn || tooShort) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkNickname(wanted, controller.signal)
        .then((exists) => setResult({ name: wanted, status: exists ? 'taken' : 'free' }))
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          setResult({ name: wanted, status: 'error' });
        });
    }, NICKNAME_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted, isOwn, tooShort]);

  if (isOwn) return 'idle';
  if (tooShort) return wanted ? 'tooShort' : 'idle';
  return result?.name === wanted ? result.status : 'checking';
}
