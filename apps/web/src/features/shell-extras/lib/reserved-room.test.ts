import { afterEach, describe, expect, it } from 'vitest';
import { releaseRoom, reserveRoom } from './reserved-room';

const padding = (side: 'top' | 'bottom') => document.body.style.getPropertyValue(`padding-${side}`);
const scrollPadding = (side: 'top' | 'bottom') =>
  document.documentElement.style.getPropertyValue(`scroll-padding-${side}`);

afterEach(() => {
  for (const owner of ['banner', 'notice']) {
    releaseRoom('bottom', owner);
    releaseRoom('top', owner);
  }
  document.body.removeAttribute('style');
  document.documentElement.removeAttribute('style');
});

describe('reserved room', () => {
  it('adds up the overlays on one side, in padding and scroll padding', () => {
    reserveRoom('bottom', 'banner', 120);
    expect(padding('bottom')).toBe('120px');
    reserveRoom('bottom', 'notice', 300.2);
    expect(padding('bottom')).toBe('421px');
    expect(scrollPadding('bottom')).toBe('421px');
    // A new height replaces the owner's old one.
    reserveRoom('bottom', 'banner', 100);
    expect(padding('bottom')).toBe('401px');
    releaseRoom('bottom', 'notice');
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
});
