import { describe, expect, it } from 'vitest';
import { LOADING_BAR, nextProgress } from './loading-bar';

describe('loading bar', () => {
  it('uses the spec values', () => {
    expect(LOADING_BAR).toMatchObject({ durationMs: 1500, throttleMs: 200, heightPx: 3 });
  });

  it('advances to 90 % over about the duration and waits there', () => {
    let progress = 0;
    let ticks = 0;
    while (progress < LOADING_BAR.maxWhileLoading) {
      progress = nextProgress(progress);
      ticks += 1;
    }
    expect(ticks * LOADING_BAR.tickMs).toBeLessThanOrEqual(LOADING_BAR.durationMs);
    expect(nextProgress(progress)).toBe(LOADING_BAR.maxWhileLoading);
  });
});
