import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAppSnackbar } from './use-app-snackbar';
import {
  connectionKeys,
  sendFriendshipAction,
  type FriendshipAction,
} from '../lib/connections-api';
import { errorText, serverError } from '../lib/error-text';
import { profileKeys } from '../lib/profile-api';

/**
 * Where the focus goes after an action: to the new buttons of the member it was about. Noted once
 * the server answered, before the screens read the state again.
 * - The buttons that acted take it when their state changes.
 * - If they are gone (the member moved to another list: accepted, from requests to connections),
 *   the member's buttons that appeared since the action take it, whichever list was read first:
 *   they show where the member went.
 * - Once every list was read again and no such buttons exist, the member's buttons that were on
 *   the screen before (a search result of theirs) take it; if there are none (a declined request),
 *   the heading of the section the member was in.
 * Whatever takes it, takes it only from the page (where the browser leaves the focus when the
 * focused buttons go), never from where the member moved it meanwhile.
 * Stale after seconds.
 */
let focusAfterChange: {
  memberId: number;
  /** The buttons that acted (their instance id). */
  origin: string;
  originGone: boolean;
  /** When the action was sent (`nextShown`): buttons shown later appeared because of it. */
  sentAt: number;
  /** Every list was read again. */
  settled: boolean;
  /** Where the focus goes when no buttons of the member are left. */
  returnTo: HTMLElement | null;
  until: number;
} | null = null;
const FOCUS_CLAIM_MS = 5_000;

/** Orders the actions and the buttons' appearances. */
let shownCounter = 0;
const nextShown = () => (shownCounter += 1);

/** Every member's buttons on the screen, by instance id. */
const buttonsOnScreen = new Map<string, { memberId: number; shownAt: number; focus: () => void }>();

/** Whether the focus fell to the page (what it does when the focused element goes). */
const focusIsLost = () => !document.activeElement || document.activeElement === document.body;

/**
 * True once: whether these buttons (instance id) of this member take the focus now, by the order
 * above. The reason of a refusal goes with the focus.
 */
export function claimFocusAfterChange(memberId: number, instance: string): boolean {
  const pending = focusAfterChange;
  if (!pending || pending.memberId !== memberId || Date.now() > pending.until) return false;
  if (pending.origin !== instance) {
    if (!pending.originGone) return false;
    const shownAt = buttonsOnScreen.get(instance)?.shownAt ?? 0;
    if (shownAt < pending.sentAt && !pending.settled) return false;
    if (!focusIsLost()) return false;
  }
  focusAfterChange = null;
  const refusal = refusals.get(memberId);
  if (refusal && refusal.owner !== instance) setRefusal(memberId, refusal.text, instance);
  return true;
}

/**
 * Puts these buttons (instance id) of a member on the screen's list, so they can take the focus
 * when the buttons that acted go; returns what to call when they go themselves.
 */
export function showMemberButtons(
  memberId: number,
  instance: string,
  focus: () => void,
): () => void {
  buttonsOnScreen.set(instance, { memberId, shownAt: nextShown(), focus });
  return () => {
    buttonsOnScreen.delete(instance);
    if (focusAfterChange?.origin === instance) {
      focusAfterChange.originGone = true;
      // After the effects of the same commit: buttons of the member that appear in it are listed
      // (and take the focus themselves) before those already on the screen are considered.
      queueMicrotask(handFocusOn);
    }
  };
}

/**
 * The buttons that acted are gone, or every list was read again: the member's other buttons
 * (newest first, those that appeared since the action) take the focus, or, once every list was
 * read and there are none, the section's heading holds it.
 */
function handFocusOn(): void {
  const pending = focusAfterChange;
  if (!pending?.originGone) return;
  const candidates = [...buttonsOnScreen]
    .filter(([, buttons]) => buttons.memberId === pending.memberId)
    .sort(([, a], [, b]) => b.shownAt - a.shownAt);
  for (const [instance, buttons] of candidates)
    if (claimFocusAfterChange(pending.memberId, instance)) {
      buttons.focus();
      return;
    }
  if (pending.settled && focusIsLost() && pending.returnTo?.isConnected) {
    focusAfterChange = null;
    pending.returnTo.focus();
  }
}

/** Every list was read again after the action: no more buttons of the member will appear. */
function listsReadAgain(): void {
  if (!focusAfterChange) return;
  focusAfterChange.settled = true;
  handFocusOn();
}

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
      const sentAt = nextShown();
      const readAgain = async () => {
        focusAfterChange = {
          memberId,
          origin,
          originGone: false,
          sentAt,
          settled: false,
          returnTo,
          until: Date.now() + FOCUS_CLAIM_MS,
        };
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
        setRefusal(memberId, errorText(caught, t('failed')), origin);
        // A refusal with a reason (the other member answered or blocked meanwhile) means the
        // screen was out of date: it reads the real state, beside the reason.
        if (serverError(caught)) await readAgain();
      } finally {
        busy.current = false;
        setPending(false);
      }
    },
    [queryClient, showSnackbar, t],
  );
  return { run, pending };
}
