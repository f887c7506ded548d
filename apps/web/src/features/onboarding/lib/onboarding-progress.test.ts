import { beforeEach, describe, expect, it } from 'vitest';
import { SETTINGS_STORAGE_KEY } from '../../../lib/local-settings';
import { clearProgress, readProgress, writeProgress } from './onboarding-progress';

beforeEach(() => localStorage.clear());

describe('onboarding progress in the client settings', () => {
  it('is kept under its own key beside the other settings', () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ themeMode: 'dark' }));
    writeProgress({ userId: 3, step: 2, furthest: 4, consent: 'given' });
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!)).toEqual({
      themeMode: 'dark',
      onboarding: { userId: 3, step: 2, furthest: 4, consent: 'given' },
    });
    expect(readProgress(3)).toEqual({ userId: 3, step: 2, furthest: 4, consent: 'given' });
  });

  it('never returns another member’s progress or a broken value', () => {
    writeProgress({ userId: 3, step: 2, furthest: 2, consent: null });
    expect(readProgress(4)).toBeNull();
    localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ onboarding: { userId: 3, step: 99, furthest: 1 } }),
    );
    expect(readProgress(3)).toBeNull();
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{not json');
    expect(readProgress(3)).toBeNull();
  });

  it('is forgotten when the setup is complete, keeping the other settings', () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ themeMode: 'light' }));
    writeProgress({ userId: 3, step: 6, furthest: 6, consent: 'declined' });
    clearProgress();
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!)).toEqual({ themeMode: 'light' });
  });
});
