import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@attune/contract';
import { AppProviders } from '../../../app';
import { initI18n, loadLanguage } from '../../../lib/i18n';
import { useAccessibilityWidget } from './use-accessibility-widget';

const widget = vi.hoisted(() => ({
  show: vi.fn<(options: unknown, flags?: { openMenu?: boolean }) => Promise<boolean>>(),
  hide: vi.fn(() => Promise.resolve(true)),
}));

vi.mock('../lib/accessibility-widget', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/accessibility-widget')>()),
  showAccessibilityWidget: widget.show,
  hideAccessibilityWidget: widget.hide,
}));

beforeAll(async () => {
  await initI18n('en');
  await loadLanguage('de');
});

beforeEach(() => {
  widget.show.mockReset();
  widget.hide.mockClear();
});

afterEach(() => {
  window.localStorage.clear();
});

/** A promise the test settles by hand, standing for a widget that is still loading. */
function pendingShow() {
  let settle!: (shown: boolean) => void;
  widget.show.mockImplementationOnce(
    () =>
      new Promise<boolean>((resolve) => {
        settle = resolve;
      }),
  );
  return (shown: boolean) => act(async () => settle(shown));
}

function renderWidget(language: Language = 'en') {
  return renderHook(({ language }) => useAccessibilityWidget(language), {
    initialProps: { language },
    wrapper: AppProviders,
  });
}

function labelsOf(call: number): { menuTitle: string } {
  return (widget.show.mock.calls[call]![0] as { labels: { menuTitle: string } }).labels;
}

describe('useAccessibilityWidget', () => {
  it('on a first visit loads nothing until asked, also when the language changes', () => {
    const { result, rerender } = renderWidget();
    expect(result.current.state).toBe('launcher');
    rerender({ language: 'de' });
    expect(result.current.state).toBe('launcher');
    expect(widget.show).not.toHaveBeenCalled();
  });

  it('loads the widget at start, menu closed, when the visitor saved settings', async () => {
    window.localStorage.setItem('_accessState', JSON.stringify({ textSize: 1 }));
    widget.show.mockResolvedValue(true);
    const { result } = renderWidget();
    expect(result.current.state).toBe('widget');
    expect(widget.show).toHaveBeenCalledTimes(1);
    expect(widget.show.mock.calls[0]![1]).toEqual({ openMenu: false });
    await act(async () => undefined);
    expect(result.current.state).toBe('widget');
  });

  it('when asked: busy while loading, loads once with the menu open, then gives way', async () => {
    const settle = pendingShow();
    const { result } = renderWidget();
    act(() => result.current.open());
    expect(result.current.state).toBe('loading');
    act(() => result.current.open());
    expect(widget.show).toHaveBeenCalledTimes(1);
    expect(widget.show.mock.calls[0]![1]).toEqual({ openMenu: true });
    expect(labelsOf(0).menuTitle).toBe('Accessibility options');

    await settle(true);
    expect(result.current.state).toBe('widget');
  });

  it('once loaded, builds it again closed in the new language', async () => {
    const settle = pendingShow();
    const { result, rerender } = renderWidget();
    act(() => result.current.open());
    await settle(true);

    widget.show.mockResolvedValue(true);
    // Count only what the language change does (an earlier test's unmount may report late).
    widget.hide.mockClear();
    rerender({ language: 'de' });
    expect(widget.hide).toHaveBeenCalledTimes(1);
    expect(widget.show).toHaveBeenCalledTimes(2);
    expect(widget.show.mock.calls[1]![1]).toEqual({ openMenu: false });
    expect(labelsOf(1).menuTitle).toBe('Optionen zur Barrierefreiheit');
  });

  it('after a failed load (logged by the widget module) offers the launcher again', async () => {
    const settle = pendingShow();
    const { result } = renderWidget();
    act(() => result.current.open());
    await settle(false);
    expect(result.current.state).toBe('launcher');

    widget.show.mockResolvedValue(true);
    act(() => result.current.open());
    expect(widget.show).toHaveBeenCalledTimes(2);
    expect(widget.show.mock.calls[1]![1]).toEqual({ openMenu: true });
  });
});
