import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';
import { createAppTheme } from './theme';

describe('createAppTheme', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`${mode}: text, primary and focus keep AA contrast`, () => {
      const { palette } = createAppTheme(mode);
      const page = palette.background.default;
      const paper = palette.background.paper;
      expect(palette.mode).toBe(mode);
      expect(contrastRatio(palette.text.primary, paper)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(palette.text.secondary, paper)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(palette.primary.main, paper)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(palette.primary.main, page)).toBeGreaterThanOrEqual(4.5);
      expect(
        contrastRatio(palette.primary.contrastText, palette.primary.main),
      ).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(palette.error.main, paper)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(palette.focus, page)).toBeGreaterThanOrEqual(3);
    });
  }

  it('has a red primary in light mode and pill buttons 44 px high', () => {
    const theme = createAppTheme('light');
    expect(theme.palette.primary.main).toBe('#C62828');
    const root = theme.components?.MuiButton?.styleOverrides?.root as Record<string, unknown>;
    expect(root.borderRadius).toBe(999);
    expect(root.minHeight).toBe(44);
  });
});
