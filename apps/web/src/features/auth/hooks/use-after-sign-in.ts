import { useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { AuthUser, Language } from '@attune/contract';
import { safeRedirectPath } from '../../../lib/safe-redirect';

/**
 * Goes where a member belongs after signing in: a same-site `redirect` target when given, else
 * profile/start while setup is not complete, else the home page (spec §2, §4).
 */
export function useAfterSignIn(language: Language) {
  const navigate = useNavigate();
  return useCallback(
    (user: AuthUser, redirect?: string) => {
      const target = safeRedirectPath(redirect);
      if (target) return navigate({ href: target, replace: true });
      if (!user.completedSetup) {
        return navigate({ to: '/$lang/profile/start', params: { lang: language }, replace: true });
      }
      return navigate({ to: '/$lang', params: { lang: language }, replace: true });
    },
    [language, navigate],
  );
}
