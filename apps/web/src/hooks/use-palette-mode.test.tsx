import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { writeLocalSetting } from '../lib/local-settings';
import { usePaletteMode } from './use-palette-mode';

/** A device that prefers dark colours (jsdom has no matchMedia of its own). */
function preferDark() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('prefers-color-scheme: dark'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

beforeEach(() => {
  localStorage.clear();
  preferDark();
});

describe('usePaletteMode', () => {
  it('is light by default, even on a device that prefers dark (spec §9)', () => {
    const { result } = renderHook(() => usePaletteMode());
    expect(result.current).toBe('light');
  });

  it('follows the device once the member chooses "Same as my device"', () => {
    const { result } = renderHook(() => usePaletteMode());
    act(() => writeLocalSetting('themeMode', 'system'));
    expect(result.current).toBe('dark');
    act(() => writeLocalSetting('themeMode', 'light'));
    expect(result.current).toBe('light');
  });
});
