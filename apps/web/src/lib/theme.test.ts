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
      expect(contrastRatio(palette.focus, paper)).toBeGreaterThanOrEqual(3);
    });

    it(`${mode}: every ButtonBase control, checkbox, radio, switch and slider has a focus ring`, () => {
      const theme = createAppTheme(mode);
      const components = theme.components!;
      type Styles = Record<string, Record<string, string> | undefined>;
      const rings = {
        ButtonBase: (components.MuiButtonBase?.styleOverrides?.root as Styles)[
          '&.Mui-focusVisible'
        ],
        Checkbox: (components.MuiCheckbox?.styleOverrides?.root as Styles)['&.Mui-focusVisible'],
        Radio: (components.MuiRadio?.styleOverrides?.root as Styles)['&.Mui-focusVisible'],
        Switch: (components.MuiSwitch?.styleOverrides?.switchBase as Styles)['&.Mui-focusVisible'],
        Slider: (components.MuiSlider?.styleOverrides?.thumb as Styles)['&.Mui-focusVisible'],
        MenuItem: (components.MuiMenuItem?.styleOverrides?.root as Styles)['&.Mui-focusVisible'],
      };
      for (const [control, ring] of Object.entries(rings)) {
        // A solid outline of at least 2 px in the focus colour, not a change of colour alone.
        const match = /^(\d+)px solid (#[0-9A-Fa-f]{6})$/.exec(ring?.outline ?? '');
        expect(match, `${control} focus outline`).not.toBeNull();
        expect(Number(match![1]), `${control} outline width`).toBeGreaterThanOrEqual(2);
        expect(match![2], `${control} outline colour`).toBe(theme.palette.focus);
      }
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
