import { expect, type Locator, type Page } from '@playwright/test';

type Clip = { x: number; y: number; width: number; height: number };

/**
 * Keyboard focus as a member gets it: the control is focused, then left and entered again with
 * Shift+Tab and Tab, so the browser (and MUI) treat it as keyboard focus (`:focus-visible`).
 */
export async function tabTo(page: Page, control: Locator): Promise<void> {
  await control.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(control).toBeFocused();
}

/** Moves the focus away from the control without focusing anything else. */
export async function blurFocus(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });
}

/** The area of `control` with `margin` px around it (room for an outline), in whole pixels. */
export async function areaAround(control: Locator, margin = 10): Promise<Clip> {
  const box = await control.boundingBox();
  if (!box) throw new Error('The control has no box on the screen');
  const x = Math.max(0, Math.floor(box.x - margin));
  const y = Math.max(0, Math.floor(box.y - margin));
  return {
    x,
    y,
    width: Math.ceil(box.x + box.width + margin) - x,
    height: Math.ceil(box.y + box.height + margin) - y,
  };
}

/** A screenshot of one area of the page. */
export function shotOf(page: Page, area: Clip): Promise<Buffer> {
  // Transitions (colours, the switch thumb) are finished, so only the focus differs.
  return page.screenshot({ clip: area, animations: 'disabled' });
}

/**
 * How many pixels of two same-sized PNG screenshots differ with a contrast of at least 3:1
 * (WCAG 2.4.13 measures a focus indicator this way: the same pixels focused and unfocused).
 * The PNGs are decoded by the browser, so the test needs no image library.
 */
export async function pixelsChangedAtContrast(
  page: Page,
  focused: Buffer,
  unfocused: Buffer,
): Promise<number> {
  return page.evaluate(
    async ([first, second]) => {
      const decode = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const a = await decode(first);
      const b = await decode(second);
      if (a.width !== b.width || a.height !== b.height) return -1;
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      const luminance = (data: Uint8ClampedArray, i: number) =>
        0.2126 * channel(data[i]!) +
        0.7152 * channel(data[i + 1]!) +
        0.0722 * channel(data[i + 2]!);
      let count = 0;
      for (let i = 0; i < a.data.length; i += 4) {
        const la = luminance(a.data, i);
        const lb = luminance(b.data, i);
        const ratio = (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
        if (ratio >= 3) count += 1;
      }
      return count;
    },
    [focused.toString('base64'), unfocused.toString('base64')] as const,
  );
}

/**
 * Tabs to the control, and expects its area to look clearly different focused than unfocused:
 * at least `minPixels` pixels change with 3:1 contrast (a 2 px ring around a 24 px box is ~200).
 */
export async function expectVisibleFocus(
  page: Page,
  control: Locator,
  name: string,
  { area = control, minPixels = 150 }: { area?: Locator; minPixels?: number } = {},
): Promise<void> {
  await tabTo(page, control);
  const clip = await areaAround(area);
  const focused = await shotOf(page, clip);
  await blurFocus(page);
  await expect(control).not.toBeFocused();
  const unfocused = await shotOf(page, clip);
  const changed = await pixelsChangedAtContrast(page, focused, unfocused);
  // Soft, so one run names every control kind that lacks a visible focus.
  expect
    .soft(changed, `pixels that change at 3:1 when ${name} takes the focus`)
    .toBeGreaterThanOrEqual(minPixels);
}
