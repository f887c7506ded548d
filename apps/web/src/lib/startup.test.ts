import { describe, expect, it } from 'vitest';
import { loadingScreenElapsed, markLoadingScreenShown } from './startup';

describe('loading screen timing', () => {
  it('counts from the first time the loading screen was shown', () => {
    expect(loadingScreenElapsed(500)).toBe(0);
    markLoadingScreenShown(1_000);
    markLoadingScreenShown(1_700);
    expect(loadingScreenElapsed(1_600)).toBe(600);
  });
});
