import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app';
import { applyLanguage, initI18n } from '../../../lib/i18n';
import { AccessibilityLauncher } from './accessibility-launcher';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  await act(() => applyLanguage('en'));
});

function renderLauncher(busy: boolean, onOpen = vi.fn()) {
  render(
    <AppProviders>
      <AccessibilityLauncher busy={busy} onOpen={onOpen} />
    </AppProviders>,
  );
  return onOpen;
}

describe('AccessibilityLauncher', () => {
  it('is a button named like the widget, in its place: circular, 40 px, top right of the page', () => {
    renderLauncher(false);
    const launcher = screen.getByRole('button', { name: 'Accessibility options' });
    expect(launcher.tagName).toBe('BUTTON');
    expect(launcher.getAttribute('type')).toBe('button');
    const style = getComputedStyle(launcher);
    // It scrolls with the page (decision 0019): fixed, it floated over the text scrolled under it.
    expect(style.position).toBe('absolute');
    expect(style.top).toBe('20px');
    expect(style.right).toBe('20px');
    expect(style.width).toBe('40px');
    expect(style.height).toBe('40px');
    expect(style.borderRadius).toBe('50%');
    expect(style.backgroundColor).toBe('rgb(64, 84, 178)');
    // Its icon is inline SVG, hidden from assistive technology (the button has the name).
    expect(launcher.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('is labelled in the page language', async () => {
    renderLauncher(false);
    await act(() => applyLanguage('de'));
    expect(screen.getByRole('button', { name: 'Optionen zur Barrierefreiheit' })).toBeTruthy();
  });

  it('asks for the widget when pressed and is not busy', () => {
    const onOpen = renderLauncher(false);
    const launcher = screen.getByRole('button', { name: 'Accessibility options' });
    expect(launcher.hasAttribute('aria-busy')).toBe(false);
    expect(launcher.hasAttribute('aria-disabled')).toBe(false);
    fireEvent.click(launcher);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('while the widget loads, says it is busy and ignores further presses', () => {
    const onOpen = renderLauncher(true);
    const launcher = screen.getByRole('button', { name: 'Accessibility options' });
    expect(launcher.getAttribute('aria-busy')).toBe('true');
    expect(launcher.getAttribute('aria-disabled')).toBe('true');
    // Still focusable (not `disabled`), so the focus is not lost while it loads.
    expect(launcher.hasAttribute('disabled')).toBe(false);
    fireEvent.click(launcher);
    fireEvent.click(launcher);
    expect(onOpen).not.toHaveBeenCalled();
  });
});
