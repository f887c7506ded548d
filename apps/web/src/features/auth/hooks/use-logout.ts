import { useCallback } from 'react';
import { endSessionLocally } from '../../../lib/auth-session';
import { readAuthToken } from '../../../lib/auth-token';
import { clearLanguageCookie } from '../../../lib/language-cookie';
import { clearLocalSettings } from '../../../lib/local-settings';
import { loadedQueryClient } from '../../../lib/query-client-loader';
import { logoutRequest } from '../../../lib/api/auth/logout';

/**
 * Logs out (spec §4): tells the server (a failure is ignored), then clears the auth token cookie,
 * the language cookie, the profile state and the local settings.
 */
export function useLogout() {
  return useCallback(async () => {
    try {
      await logoutRequest(readAuthToken());
    } catch {
      // The local sign-out below happens whatever the server says.
    }
    endSessionLocally();
    clearLanguageCookie();
    clearLocalSettings();
    loadedQueryClient()?.clear();
  }, []);
}
