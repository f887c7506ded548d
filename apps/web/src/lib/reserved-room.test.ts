import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseRoom, reserveRoom, trackOverlay } from './reserved-room';

const padding = (side: 'top' | 'bottom') => document.body.style.getPropertyValue(`padding-${side}`);
const scrollPadding = (side: 'top' | 'bottom') =>
  document.documentElement.style.getPropertyValue(`scroll-padding-${side}`);

/** jsdom has no layout: an element whose box is `top`..`top + height` on a 740 px high screen. */
function overlayAt(top: number, height: number): HTMLElement {
  const element = document.createElement('div');
  element.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: top, width: 300, height });
  return element;
}

afterEach(() => {
  for (const owner of ['banner', 'notice']) {
    releaseRoom('bottom', owner);
    releaseRoom('top', owner);
  }
  document.body.removeAttribute('style');
  document.documentElement.removeAttribute('style');
  vi.restoreAllMocks();
});

describe('reserved room', () => {
  it('keeps the largest room of the overlays on one side, in padding and scroll padding', () => {
    reserveRoom('bottom', 'banner', 120);
    expect(padding('bottom')).toBe('120px');
    // Stacked above the banner, the notice reaches higher: its room covers the banner's too.
    reserveRoom('bottom', 'notice', 300.2);
    expect(padding('bottom')).toBe('301px');
    expect(scrollPadding('bottom')).toBe('301px');
    // Side by side, neither adds to the other.
    reserveRoom('bottom', 'notice', 100);
    expect(padding('bottom')).toBe('120px');
    releaseRoom('bottom', 'banner');
    expect(padding('bottom')).toBe('100px');
  });

  it("puts the page's own values back after the last overlay, and keeps the sides apart", () => {
    document.body.style.setProperty('padding-bottom', '8px');
    reserveRoom('bottom', 'banner', 50);
    reserveRoom('top', 'notice', 70);
    expect(padding('bottom')).toBe('50px');
    expect(padding('top')).toBe('70px');
    releaseRoom('bottom', 'banner');
    expect(padding('bottom')).toBe('8px');
    expect(scrollPadding('bottom')).toBe('');
    expect(padding('top')).toBe('70px');
    // Releasing twice changes nothing.
    releaseRoom('bottom', 'banner');
    expect(padding('bottom')).toBe('8px');
  });

  it('measures a tracked overlay from its edge of the screen to its far side, plus the gap', () => {
    vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(740);
    // A banner 20 px above the bottom, 74 px high; a notice stacked 8 px above it.
    const stopBanner = trackOverlay('banner', {
      element: overlayAt(646, 74),
      side: 'bottom',
      gapPx: 8,
      variable: '--banner-room',
    });
    expect(document.documentElement.style.getPropertyValue('--banner-room')).toBe('102px');
    const stopNotice = trackOverlay('notice', {
      element: overlayAt(538, 100),
      side: 'bottom',
      gapPx: 8,
    });
    expect(padding('bottom')).toBe('210px');
    // A banner at the top keeps its room from the top edge.
    const stopTop = trackOverlay('top-banner', {
      element: overlayAt(20, 60),
      side: 'top',
      gapPx: 8,
    });
    expect(padding('top')).toBe('88px');
    stopTop();
    stopNotice();
    expect(padding('bottom')).toBe('102px');
    stopBanner();
    expect(padding('bottom')).toBe('');
    expect(document.documentElement.style.getPropertyValue('--banner-room')).toBe('');
  });
});
