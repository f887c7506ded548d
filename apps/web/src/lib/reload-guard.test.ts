import { beforeEach, describe, expect, it } from 'vitest';
import { claimChunkReload, isChunkLoadError, RELOAD_GUARD_KEY } from './reload-guard';

beforeEach(() => sessionStorage.clear());

describe('claimChunkReload', () => {
  it('allows one reload per path within 10 s', () => {
    expect(claimChunkReload('/en/about', 1_000)).toBe(true);
    expect(claimChunkReload('/en/about', 5_000)).toBe(false);
    expect(claimChunkReload('/en/about', 10_999)).toBe(false);
    expect(claimChunkReload('/en/about', 11_000)).toBe(true);
  });

  it('keeps paths apart and forgets old entries', () => {
    expect(claimChunkReload('/en/about', 1_000)).toBe(true);
    expect(claimChunkReload('/en/faq', 2_000)).toBe(true);
    expect(claimChunkReload('/en/faq', 30_000)).toBe(true);
    expect(JSON.parse(sessionStorage.getItem(RELOAD_GUARD_KEY) ?? '{}')).toEqual({
      '/en/faq': 30_000,
    });
  });

  it('survives a broken guard value', () => {
    sessionStorage.setItem(RELOAD_GUARD_KEY, 'oops');
    expect(claimChunkReload('/en', 1_000)).toBe(true);
  });
});

describe('isChunkLoadError', () => {
  it('recognises failed dynamic imports in Chromium, Firefox and Safari', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/a.js',
      'error loading dynamically imported module',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/a.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    }
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
