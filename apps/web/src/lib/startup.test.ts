import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isStartupLoadingVisible,
  loadingScreenElapsed,
  markFirstPageRendered,
  markLoadingScreenShown,
  resetStartupForTests,
  subscribeStartupLoading,
} from './startup';

describe('start-up loading screen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetStartupForTests();
  });
  afterEach(() => vi.useRealTimers());

  it('counts from the first time the loading screen was shown', () => {
    expect(loadingScreenElapsed(500)).toBe(0);
    markLoadingScreenShown(1_000);
    markLoadingScreenShown(1_700);
    expect(loadingScreenElapsed(1_600)).toBe(600);
  });

  it('goes one second after it appeared, once the first page has rendered', () => {
    const gone = vi.fn();
    subscribeStartupLoading(gone);
    markLoadingScreenShown(performance.now());
    markFirstPageRendered();
    vi.advanceTimersByTime(990);
    expect(isStartupLoadingVisible()).toBe(true);
    vi.advanceTimersByTime(20);
    expect(isStartupLoadingVisible()).toBe(false);
    expect(gone).toHaveBeenCalledTimes(1);
  });

  it('stays while the first page is still loading, so no blank screen shows', () => {
    markLoadingScreenShown(performance.now());
    vi.advanceTimersByTime(3_000);
    expect(isStartupLoadingVisible()).toBe(true);
    markFirstPageRendered();
    expect(isStartupLoadingVisible()).toBe(false);
  });
});
