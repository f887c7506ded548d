import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearLocalSettings,
  readLocalSetting,
  SETTINGS_STORAGE_KEY,
  subscribeLocalSettings,
  writeLocalSetting,
} from './local-settings';

beforeEach(() => localStorage.clear());

describe('local settings', () => {
  it('keeps every setting under its own key inside one parent key', () => {
    writeLocalSetting('themeMode', 'dark');
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}')).toEqual({
      themeMode: 'dark',
    });
    expect(readLocalSetting('themeMode')).toBe('dark');
  });

  it('keeps unknown keys of the parent object when one setting changes', () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ other: 1 }));
    writeLocalSetting('themeMode', 'light');
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}')).toEqual({
      other: 1,
      themeMode: 'light',
    });
  });

  it('gives the default for a missing, invalid or unreadable value', () => {
    expect(readLocalSetting('themeMode')).toBe('light');
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ themeMode: 'purple' }));
    expect(readLocalSetting('themeMode')).toBe('light');
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{not json');
    expect(readLocalSetting('themeMode')).toBe('light');
  });

  it('clears everything on logout and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeLocalSettings(listener);
    writeLocalSetting('themeMode', 'dark');
    clearLocalSettings();
    expect(localStorage.getItem(SETTINGS_STORAGE_KEY)).toBeNull();
    expect(readLocalSetting('themeMode')).toBe('light');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
