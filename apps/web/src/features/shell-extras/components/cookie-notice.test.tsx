import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app';
import { applyLanguage, initI18n } from '../../../lib/i18n';
import { COOKIE_NOTICE_STORAGE_KEY } from '../lib/cookie-notice';
import { CookieNotice } from './cookie-notice';

/** What vanilla-cookieconsent 3.x wrote under the same key before our own notice replaced it. */
const VANILLA_COOKIECONSENT_VALUE = JSON.stringify({
  categories: ['necessary'],
  revision: 0,
  data: null,
  consentTimestamp: '2026-11-20T10:00:00.000Z',
  consentId: '5b7c1f0e-8a8e-4a57-9d43-3f0a4e1c2b9d',
  services: { necessary: [] },
  languageCode: 'en',
  lastConsentTimestamp: '2026-11-20T10:00:00.000Z',
  expirationTime: 1_795_000_000_000,
});

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  localStorage.clear();
  vi.restoreAllMocks();
  await act(() => applyLanguage('en'));
});

function renderNotice() {
  return render(
    <AppProviders>
      <CookieNotice authCookieName="attune_auth" />
    </AppProviders>,
  );
}

const notice = () => screen.queryByRole('region', { name: 'Cookies on Attune' });

describe('CookieNotice', () => {
  it('shows the notice in a labelled region while it has not been acknowledged', () => {
    renderNotice();
    const region = notice();
    expect(region).not.toBeNull();
    expect(region!.tagName).toBe('SECTION');
    expect(region!.textContent).toMatch(/only use cookies that are strictly necessary/);
    expect(within(region!).getByRole('button', { name: 'Understood' })).toBeDefined();
    // Only one choice: there is nothing to accept or refuse.
    expect(
      within(region!)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Details', 'Understood']);
  });

  it('keeps room free at the bottom of the page while shown, and gives it back when read', () => {
    // jsdom has no layout: a notice whose top is 300 px above the bottom of a 740 px screen,
    // plus its 8 px gap.
    vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(740);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 20, y: 440, width: 384, height: 280 }),
    );
    renderNotice();
    expect(document.body.style.getPropertyValue('padding-bottom')).toBe('308px');
    expect(document.documentElement.style.getPropertyValue('scroll-padding-bottom')).toBe('308px');
    fireEvent.click(screen.getByRole('button', { name: 'Understood' }));
    expect(document.body.style.getPropertyValue('padding-bottom')).toBe('');
    expect(document.documentElement.style.getPropertyValue('scroll-padding-bottom')).toBe('');
  });

  it('stays hidden once acknowledged', () => {
    localStorage.setItem(COOKIE_NOTICE_STORAGE_KEY, '2026-11-23T08:00:00.000Z');
    renderNotice();
    expect(notice()).toBeNull();
  });

  it('stays hidden for a visitor who acknowledged the former vanilla-cookieconsent notice', () => {
    localStorage.setItem(COOKIE_NOTICE_STORAGE_KEY, VANILLA_COOKIECONSENT_VALUE);
    renderNotice();
    expect(notice()).toBeNull();
  });

  it('"Understood" stores the acknowledgement in local storage and hides the notice', () => {
    renderNotice();
    fireEvent.click(screen.getByRole('button', { name: 'Understood' }));
    expect(notice()).toBeNull();
    expect(localStorage.getItem(COOKIE_NOTICE_STORAGE_KEY)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The notice itself adds no cookie.
    expect(document.cookie).not.toContain(COOKIE_NOTICE_STORAGE_KEY);
  });

  it('still hides on "Understood" when local storage refuses to store', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    renderNotice();
    fireEvent.click(screen.getByRole('button', { name: 'Understood' }));
    expect(notice()).toBeNull();
  });

  it('shows when local storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('Denied', 'SecurityError');
    });
    renderNotice();
    expect(notice()).not.toBeNull();
  });

  it('reveals every cookie by its real name, purpose and duration, telling its state with aria-expanded', () => {
    renderNotice();
    const toggle = screen.getByRole('button', { name: 'Details' });
    const details = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(details).not.toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(details!.hidden).toBe(true);
    expect(screen.queryByRole('list')).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(details!.hidden).toBe(false);
    const list = screen.getByRole('list', { name: 'Strictly necessary cookies' });
    const cookies = within(list)
      .getAllByRole('listitem')
      .map((item) => ({
        labels: within(item)
          .getAllByRole('term')
          .map((term) => term.textContent),
        values: within(item)
          .getAllByRole('definition')
          .map((value) => value.textContent),
      }));
    expect(cookies).toEqual([
      {
        labels: ['Cookie', 'Purpose', 'Duration'],
        values: [
          'attune_auth, attune_session, attune_refresh',
          'Keeps you signed in.',
          'Until you sign out, at most 30 days',
        ],
      },
      {
        labels: ['Cookie', 'Purpose', 'Duration'],
        values: ['community_i18n, community_i18n_redirect', 'Remembers your language.', '365 days'],
      },
      {
        labels: ['Cookie', 'Purpose', 'Duration'],
        values: ['community.alert_sticky', 'Remembers that you closed the beta notice.', '7 days'],
      },
    ]);
    expect(details!.textContent).toContain('Stored on your device');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(details!.hidden).toBe(true);
  });

  it('never takes the focus when it appears: a member typing keeps the focus', async () => {
    render(<input aria-label="Username" />);
    const field = screen.getByRole('textbox', { name: 'Username' });
    field.focus();
    expect(document.activeElement).toBe(field);

    renderNotice();
    expect(notice()).not.toBeNull();
    // vanilla-cookieconsent moved the focus about 100 ms after showing; wait well beyond that.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(document.activeElement).toBe(field);
  });

  it('gives the focus back to where it came from when "Understood" is pressed', () => {
    render(<input aria-label="Username" />);
    const field = screen.getByRole('textbox', { name: 'Username' });
    renderNotice();
    field.focus();
    // A keyboard member moves from the field into the notice and presses "Understood".
    const understood = screen.getByRole('button', { name: 'Understood' });
    understood.focus();
    fireEvent.click(understood);
    expect(notice()).toBeNull();
    expect(document.activeElement).toBe(field);
  });

  it('gives the focus to the main content when it came from nowhere, never to the body', () => {
    render(<main id="main" tabIndex={-1} />);
    renderNotice();
    // A click on "Understood" while nothing had the focus: the browser focuses the button.
    const understood = screen.getByRole('button', { name: 'Understood' });
    understood.focus();
    fireEvent.click(understood);
    expect(notice()).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('follows a language change while it is shown', async () => {
    renderNotice();
    await act(() => applyLanguage('es'));
    const region = screen.getByRole('region', { name: 'Cookies en Attune' });
    expect(within(region).getByRole('button', { name: 'Entendido' })).toBeDefined();
    expect(within(region).getByRole('button', { name: 'Detalles' })).toBeDefined();
  });
});
