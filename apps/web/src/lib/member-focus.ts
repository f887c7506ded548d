/**
 * Where the keyboard focus goes after an action about a member (connect, accept, cancel, …) that
 * may move them to another list or take their buttons off the screen. Noted once the server
 * answered, before the screens read the state again (`expectFocusAfterChange`):
 * - The buttons that acted take it when their state changes.
 * - If they are gone (the member moved to another list: accepted, from requests to connections),
 *   the member's buttons that appeared since the action take it, whichever list was read first:
 *   they show where the member went.
 * - Once every list was read again (`listsReadAgain`) and no such buttons exist, the member's
 *   buttons that were on the screen before (a search result of theirs) take it; if there are none
 *   (a declined request), the heading of the section the member was in.
 * Whatever takes it, takes it only from the page (where the browser leaves the focus when the
 * focused buttons go), never from where the member moved it meanwhile. Stale after seconds.
 *
 * Module state, not React state: the buttons that act and those that take the focus over live in
 * different lists (different components, different queries), and the hand-over must not wait for
 * a render.
 */
let focusAfterChange: {
  memberId: number;
  /** The buttons that acted (their instance id). */
  origin: string;
  originGone: boolean;
  /** When the action was sent (`noteActionSent`): buttons shown later appeared because of it. */
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

/** Told which buttons took the focus (a refusal shown beside the buttons that acted goes along). */
const claimListeners = new Set<(memberId: number, instance: string) => void>();

/** Whether the focus fell to the page (what it does when the focused element goes). */
const focusIsLost = () => !document.activeElement || document.activeElement === document.body;

/** Whether any buttons of this member are on the screen (in any list, or on their profile). */
export const memberButtonsShown = (memberId: number): boolean =>
  [...buttonsOnScreen.values()].some((buttons) => buttons.memberId === memberId);

/** Marks the moment an action is sent: the buttons shown after it appeared because of it. */
export const noteActionSent = (): number => nextShown();

/** The server took the action about `memberId` sent at `sentAt` from the buttons `origin`. */
export function expectFocusAfterChange(
  memberId: number,
  origin: string,
  sentAt: number,
  returnTo: HTMLElement | null,
): void {
  focusAfterChange = {
    memberId,
    origin,
    originGone: false,
    sentAt,
    settled: false,
    returnTo,
    until: Date.now() + FOCUS_CLAIM_MS,
  };
}

/**
 * True once: whether these buttons (instance id) of this member take the focus now, by the order
 * above.
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
  claimListeners.forEach((listener) => listener(memberId, instance));
  return true;
}

/** Calls `listener` whenever buttons of a member took the focus after a change; returns its removal. */
export function onFocusClaimed(listener: (memberId: number, instance: string) => void) {
  claimListeners.add(listener);
  return () => claimListeners.delete(listener);
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
export function listsReadAgain(): void {
  if (!focusAfterChange) return;
  focusAfterChange.settled = true;
  handFocusOn();
}
