import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COOKIE_NAMES } from '@attune/contract';
import { AppProviders } from '../../../app';
import { initI18n } from '../../../lib/i18n';
import { BETA_BANNER_GREEN, BetaBanner, type BetaBannerPosition } from './beta-banner';

beforeAll(async () => {
  await initI18n('en');
});

function clearCookies() {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  clearCookies();
  document.body.removeAttribute('style');
  document.documentElement.removeAttribute('style');
});

function renderBanner(position?: BetaBannerPosition, secure = false) {
  return render(
    <AppProviders>
      <BetaBanner position={position} email="help@example.org" secure={secure} />
    </AppProviders>,
  );
}

/** Records what the code writes to `document.cookie` (jsdom does not keep Max-Age readable). */
function spyOnCookieWrites(): string[] {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor.set!.call(document, value);
  });
  return writes;
}

describe('BetaBanner', () => {
  it('shows the beta text with the support address as a mailto link, in a labelled region', () => {
    renderBanner();
    const region = screen.getByRole('region', { name: 'Beta version' });
    expect(region.textContent).toMatch(/exploring a beta version/);
    expect(region.textContent).toMatch(/Thank you for helping us improve it/);
    const link = screen.getByRole('link', { name: 'help@example.org' });
    expect(link.getAttribute('href')).toBe('mailto:help@example.org');
  });

  it('sits at the bottom by default, 20 px from the edge, at most 600 px wide, in dark green', () => {
    renderBanner();
    const region = screen.getByRole('region', { name: 'Beta version' });
    const style = getComputedStyle(region);
    expect(region.dataset.position).toBe('bottom');
    expect(style.position).toBe('fixed');
    expect(style.bottom).toBe('20px');
    expect(style.maxWidth).toBe('600px');
    expect(style.left).toBe('20px');
    expect(style.right).toBe('20px');
    expect(style.backgroundColor).toBe('rgb(27, 94, 32)');
    expect(BETA_BANNER_GREEN).toBe('#1B5E20');
  });

  it('can sit at the top or in the centre', () => {
    const { unmount } = renderBanner('top');
    let region = screen.getByRole('region', { name: 'Beta version' });
    expect(region.dataset.position).toBe('top');
    expect(getComputedStyle(region).top).toBe('20px');
    unmount();

    renderBanner('center');
    region = screen.getByRole('region', { name: 'Beta version' });
    expect(region.dataset.position).toBe('center');
    expect(getComputedStyle(region).top).toBe('50%');
  });

  it("at the top keeps the accessibility icon's corner free, so its close button is never under it", () => {
    renderBanner('top');
    const style = getComputedStyle(screen.getByRole('region', { name: 'Beta version' }));
    expect(style.top).toBe('20px');
    expect(style.left).toBe('20px');
    // The icon: 20 px from the right, 40 px wide, and 20 px free beside it.
    expect(style.right).toBe('80px');
  });

  it('shows a cut message whole with "More", and when the focus reaches its mail link', () => {
    // jsdom has no layout: a message taller than the two lines it shows.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(100);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(50);
    renderBanner();
    const more = screen.getByRole('button', { name: 'More' });
    const message = document.getElementById(more.getAttribute('aria-controls')!)!;
    expect(message.textContent).toMatch(/Thank you for helping us improve it/);
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('false');
    act(() => screen.getByRole('link', { name: 'help@example.org' }).focus());
    expect(more.getAttribute('aria-expanded')).toBe('true');
  });

  it('has no "More" when the whole message shows', () => {
    renderBanner();
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });

  it('closing gives the focus back to where it came from, or to the main content, never the body', () => {
    render(
      <>
        <main id="main" tabIndex={-1} />
        <input aria-label="Username" />
      </>,
    );
    const { unmount } = renderBanner();
    const field = screen.getByRole('textbox', { name: 'Username' });
    field.focus();
    let close = screen.getByRole('button', { name: 'Close the beta notice' });
    close.focus();
    fireEvent.click(close);
    expect(document.activeElement).toBe(field);
    unmount();

    clearCookies();
    field.blur();
    renderBanner();
    // Straight to the close button, from nowhere (a click while nothing had the focus).
    close = screen.getByRole('button', { name: 'Close the beta notice' });
    close.focus();
    fireEvent.click(close);
    expect(screen.queryByRole('region', { name: 'Beta version' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('reserves room at the bottom of the page while shown, so it covers no control', () => {
    renderBanner();
    expect(document.body.style.paddingBottom).toMatch(/^\d+px$/);
    expect(document.documentElement.style.scrollPaddingBottom).toBe(
      document.body.style.paddingBottom,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close the beta notice' }));
    expect(document.body.style.paddingBottom).toBe('');
  });

  it('closing hides it and sets community.alert_sticky for 604800 s on path / with SameSite=Lax', () => {
    const writes = spyOnCookieWrites();
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Close the beta notice' }));

    expect(screen.queryByRole('region', { name: 'Beta version' })).toBeNull();
    expect(writes).toEqual([
      `${COOKIE_NAMES.betaBannerDismissed}=1; Max-Age=604800; Path=/; SameSite=Lax`,
    ]);
    expect(document.cookie).toContain(`${COOKIE_NAMES.betaBannerDismissed}=1`);
  });

  it('marks the cookie Secure outside local mode', () => {
    const writes = spyOnCookieWrites();
    renderBanner('bottom', true);
    fireEvent.click(screen.getByRole('button', { name: 'Close the beta notice' }));
    expect(writes[0]).toMatch(/; Secure$/);
  });

  it('stays hidden while the dismissal cookie is set', () => {
    document.cookie = `${COOKIE_NAMES.betaBannerDismissed}=1; Path=/`;
    renderBanner();
    expect(screen.queryByRole('region', { name: 'Beta version' })).toBeNull();
    expect(document.body.style.paddingBottom).toBe('');
  });
});
