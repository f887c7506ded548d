import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAppSnackbar } from './use-app-snackbar';
import {
  connectionKeys,
  sendFriendshipAction,
  type FriendshipAction,
} from '../lib/connections-api';
import { errorText } from '../lib/error-text';
import { profileKeys } from '../lib/profile-api';

export interface FriendshipActionState {
  /** Sends the action; resolves true once the server took it and the screens read it again. */
  run: (action: FriendshipAction, memberId: number, name: string) => Promise<boolean>;
  pending: boolean;
  /** Why the last action failed, in the member's language; shown next to its buttons. */
  error: string | null;
}

/**
 * One friendship action with its outcome told in words: success in a snackbar (read out by screen
 * readers), a failure as `error` for the caller to show beside the buttons that caused it. On
 * success every profile and connection list is read again, so each screen shows the new state.
 */
export function useFriendshipAction(): FriendshipActionState {
  const { t } = useTranslation('connections');
  const queryClient = useQueryClient();
  const showSnackbar = useAppSnackbar();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A second click while the first is on its way sends nothing.
  const busy = useRef(false);

  const run = useCallback(
    async (action: FriendshipAction, memberId: number, name: string) => {
      if (busy.current) return false;
      busy.current = true;
      setPending(true);
      setError(null);
      try {
        await sendFriendshipAction(action, memberId);
        await Promise.all([
          // Profile pages (their friend status) and one's own profile (the connection count).
          queryClient.invalidateQueries({ queryKey: profileKeys.members() }),
          queryClient.invalidateQueries({ queryKey: profileKeys.me() }),
          queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
        ]);
        showSnackbar({ message: t(`done.${action}`, { name }) });
        return true;
      } catch (caught) {
        setError(errorText(caught, t('failed')));
        return false;
      } finally {
        busy.current = false;
        setPending(false);
      }
    },
    [queryClient, showSnackbar, t],
  );
  return { run, pending, error };
}
