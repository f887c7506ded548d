import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAppSnackbar } from './use-app-snackbar';
import {
  connectionKeys,
  sendFriendshipAction,
  type FriendshipAction,
} from '../lib/api/connections';
import { errorText, serverError } from '../lib/error-text';
import {
  expectFocusAfterChange,
  listsReadAgain,
  memberButtonsShown,
  noteActionSent,
  onFocusClaimed,
} from '../lib/member-focus';
import { profileKeys } from '../lib/api/profile';

/**
 * Why the last action about a member failed, by member: shown beside the buttons that acted, or
 * those that took the focus over when the member moved to another list, until the next action
 * about them or a minute later.
 */
const refusals = new Map<number, { text: string; owner: string }>();
const refusalListeners = new Set<() => void>();
const REFUSAL_SHOWN_MS = 60_000;

function setRefusal(memberId: number, text: string | null, owner = '') {
  if (text === null) refusals.delete(memberId);
  else {
    const refusal = { text, owner };
    refusals.set(memberId, refusal);
    setTimeout(() => {
      if (refusals.get(memberId) === refusal) setRefusal(memberId, null);
    }, REFUSAL_SHOWN_MS);
  }
  refusalListeners.forEach((listener) => listener());
}

// Buttons that took the focus over from those that acted (the member moved to another list) show
// the refusal from then on.
onFocusClaimed((memberId, instance) => {
  const refusal = refusals.get(memberId);
  if (refusal && refusal.owner !== instance) setRefusal(memberId, refusal.text, instance);
});

function subscribeToRefusals(listener: () => void) {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

/** Why the last action about this member failed, in the viewer's language, if these buttons show it. */
export function useRefusal(memberId: number, instance: string): string | null {
  return useSyncExternalStore(subscribeToRefusals, () => {
    const refusal = refusals.get(memberId);
    return refusal?.owner === instance ? refusal.text : null;
  });
}

export interface FriendshipActionState {
  /**
   * Sends the action from the buttons with this instance id; resolves once the screens read the
   * state again (after the server took it, or refused it with a reason) or nothing answered.
   */
  run: (
    action: FriendshipAction,
    memberId: number,
    name: string,
    origin: string,
    returnTo?: HTMLElement | null,
  ) => Promise<void>;
  pending: boolean;
}

/**
 * One friendship action with its outcome told in words: success in a snackbar (read out by screen
 * readers), a failure beside the member's buttons (`useRefusal`). After the server answered,
 * every profile and connection list is read again, so each screen shows the real state.
 */
export function useFriendshipAction(): FriendshipActionState {
  const { t } = useTranslation('connections');
  const queryClient = useQueryClient();
  const showSnackbar = useAppSnackbar();
  const [pending, setPending] = useState(false);
  // A second click while the first is on its way sends nothing.
  const busy = useRef(false);

  const run = useCallback(
    async (
      action: FriendshipAction,
      memberId: number,
      name: string,
      origin: string,
      returnTo: HTMLElement | null = null,
    ) => {
      if (busy.current) return;
      busy.current = true;
      setPending(true);
      setRefusal(memberId, null);
      // Profile pages (their friend status), one's own profile (the connection count), the lists.
      const sentAt = noteActionSent();
      const readAgain = async () => {
        expectFocusAfterChange(memberId, origin, sentAt, returnTo);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: profileKeys.members() }),
          queryClient.invalidateQueries({ queryKey: profileKeys.me() }),
          queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
        ]);
        // The lists show what they read in the next task (the query cache tells its screens in a
        // zero timeout); their buttons have appeared or gone after it.
        await new Promise((resolve) => setTimeout(resolve, 0));
        listsReadAgain();
      };
      try {
        await sendFriendshipAction(action, memberId);
        await readAgain();
        showSnackbar({ message: t(`done.${action}`, { name }) });
      } catch (caught) {
        const reason = errorText(caught, t('failed'));
        setRefusal(memberId, reason, origin);
        // A refusal with a reason (the other member answered or blocked meanwhile) means the
        // screen was out of date: it reads the real state, beside the reason.
        if (serverError(caught)) await readAgain();
        // The member is on no list any more (their request was withdrawn meanwhile): no buttons
        // are left to show the reason beside, so a snackbar says it, read out like the others.
        if (!memberButtonsShown(memberId)) {
          setRefusal(memberId, null);
          showSnackbar({ message: reason, color: 'error' });
        }
      } finally {
        busy.current = false;
        setPending(false);
      }
    },
    [queryClient, showSnackbar, t],
  );
  return { run, pending };
}
