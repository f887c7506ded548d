import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Module state: each test starts from a fresh copy (web unit files share one module registry).
let focus: typeof import('./member-focus');
beforeEach(async () => {
  vi.resetModules();
  focus = await import('./member-focus');
});
afterEach(() => {
  document.body.replaceChildren();
});

/** A button in the document, and a spy that focuses it as the buttons' `focus` callback would. */
function buttonOnPage(label: string) {
  const button = document.createElement('button');
  button.textContent = label;
  document.body.append(button);
  return { button, focusIt: vi.fn(() => button.focus()) };
}

/** Lets the microtask that hands the focus on run. */
const afterMicrotasks = () => new Promise<void>((resolve) => queueMicrotask(resolve));

/**
 * The member's buttons 'origin' acted and the server took it (the focus goes to `returnTo` when
 * none of theirs are left); returns what takes those buttons off the screen.
 */
function actFromOrigin(returnTo: HTMLElement | null = null): () => void {
  const hideOrigin = focus.showMemberButtons(7, 'origin', vi.fn());
  focus.expectFocusAfterChange(7, 'origin', focus.noteActionSent(), returnTo);
  return hideOrigin;
}

describe('where the focus goes after an action about a member', () => {
  it('stays with the buttons that acted while they are on the screen', () => {
    const origin = buttonOnPage('Connect');
    const hide = focus.showMemberButtons(7, 'origin', origin.focusIt);
    const sentAt = focus.noteActionSent();
    focus.expectFocusAfterChange(7, 'origin', sentAt, null);

    const other = buttonOnPage('Connect (search result)');
    focus.showMemberButtons(7, 'other', other.focusIt);
    expect(focus.claimFocusAfterChange(7, 'other')).toBe(false);
    expect(focus.claimFocusAfterChange(7, 'origin')).toBe(true);
    // Once: a second claim finds nothing pending.
    expect(focus.claimFocusAfterChange(7, 'origin')).toBe(false);
    hide();
  });

  it('goes to the buttons that appeared after the action when those that acted went', async () => {
    const before = buttonOnPage('Connect (search result)');
    focus.showMemberButtons(7, 'before', before.focusIt);
    const hideOrigin = actFromOrigin();

    const appeared = buttonOnPage('Withdraw the request');
    focus.showMemberButtons(7, 'appeared', appeared.focusIt);
    hideOrigin();
    await afterMicrotasks();

    expect(appeared.focusIt).toHaveBeenCalledOnce();
    expect(before.focusIt).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(appeared.button);
  });

  it('goes to buttons already on the screen only once every list was read again', async () => {
    const before = buttonOnPage('Connect (search result)');
    focus.showMemberButtons(7, 'before', before.focusIt);
    const hideOrigin = actFromOrigin();

    hideOrigin();
    await afterMicrotasks();
    expect(before.focusIt).not.toHaveBeenCalled();

    focus.listsReadAgain();
    expect(before.focusIt).toHaveBeenCalledOnce();
  });

  it('returns to the section heading when none of the member’s buttons are left', async () => {
    const heading = document.createElement('h2');
    heading.tabIndex = -1;
    heading.textContent = 'Requests to you';
    document.body.append(heading);
    const hideOrigin = actFromOrigin(heading);

    hideOrigin();
    await afterMicrotasks();
    expect(document.activeElement).not.toBe(heading);
    focus.listsReadAgain();
    expect(document.activeElement).toBe(heading);
  });

  it('never takes the focus from where the member moved it meanwhile', async () => {
    const elsewhere = buttonOnPage('Search');
    const hideOrigin = actFromOrigin();
    const appeared = buttonOnPage('Withdraw the request');
    focus.showMemberButtons(7, 'appeared', appeared.focusIt);

    elsewhere.button.focus();
    hideOrigin();
    await afterMicrotasks();
    focus.listsReadAgain();

    expect(appeared.focusIt).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(elsewhere.button);
  });

  it('tells who took the focus, so a refusal can go along', async () => {
    const claimed = vi.fn();
    focus.onFocusClaimed(claimed);
    const hideOrigin = actFromOrigin();
    const appeared = buttonOnPage('Remove the connection');
    focus.showMemberButtons(7, 'appeared', appeared.focusIt);
    hideOrigin();
    await afterMicrotasks();

    expect(claimed).toHaveBeenCalledWith(7, 'appeared');
  });

  it('is about one member only, and goes stale after seconds', () => {
    vi.useFakeTimers();
    try {
      actFromOrigin();
      expect(focus.claimFocusAfterChange(8, 'origin')).toBe(false);
      vi.advanceTimersByTime(6_000);
      expect(focus.claimFocusAfterChange(7, 'origin')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
