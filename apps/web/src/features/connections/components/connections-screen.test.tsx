import { Suspense } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeAuthToken } from '../../../lib/auth-token';
import { applyLanguage, initI18n, loadNamespaces } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { ConnectionsScreen } from './connections-screen';
import { entry, referenceFetch, validToken } from './test-fixtures';

beforeAll(async () => {
  await initI18n('en');
  await loadNamespaces(['connections', 'profile']);
});
beforeEach(() => {
  useTestConfig();
  writeAuthToken(validToken());
});
afterEach(() => vi.unstubAllGlobals());

async function renderScreen(language: 'en' | 'de' | 'es' = 'en') {
  await applyLanguage(language);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      referenceFetch((url) =>
        url.pathname === '/api/connection/my-friends'
          ? jsonResponse({ friends: [], incoming: [], outgoing: [] })
          : jsonResponse({ items: [] }),
      ),
    ),
  );
  await renderWithRouter(
    <Suspense>
      <ConnectionsScreen language={language} />
    </Suspense>,
    language,
  );
  return screen.findByRole('navigation', {
    name: { en: 'On this page', de: 'Auf dieser Seite', es: 'En esta página' }[language],
  });
}

describe('ConnectionsScreen', () => {
  it('lists every section in "On this page", in page order, each linking to its heading', async () => {
    const jump = await renderScreen();
    const links = within(jump).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Requests for you (0)', '#connections-incoming'],
      ['Your requests (0)', '#connections-outgoing'],
      ['Your connections (0)', '#connections-friends'],
      ['People like you', '#connections-suggestions'],
      ['Find members', '#connections-search'],
    ]);
    for (const link of links) {
      const target = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(target?.tagName).toBe('H2');
      expect(target?.textContent).toBe(link.textContent);
    }
  });

  it('moves the focus to the section a link names, so the next Tab starts there', async () => {
    const jump = await renderScreen();
    const link = within(jump).getByRole('link', { name: 'Find members' });
    link.focus();
    fireEvent.click(link);
    const heading = screen.getByRole('heading', { level: 2, name: 'Find members' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it.each([
    ['de', 'Mitglieder finden'],
    ['es', 'Buscar miembros'],
  ] as const)(
    'names the jump list and its links in the page language (%s)',
    async (lang, search) => {
      const jump = await renderScreen(lang);
      expect(within(jump).getByRole('link', { name: search })).toBeTruthy();
    },
  );

  it('says in a live region that the suggestions failed, and offers to try again', async () => {
    await applyLanguage('de');
    let suggestionCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        referenceFetch((url) => {
          if (url.pathname === '/api/connection/my-friends')
            return jsonResponse({ friends: [], incoming: [], outgoing: [] });
          if (url.pathname === '/api/connection/suggestions') {
            suggestionCalls += 1;
            // The first read and its one retry fail; the member's own retry succeeds.
            return suggestionCalls <= 2
              ? jsonResponse({ code: 'internal_error', message: 'x', data: { status: 500 } }, 500)
              : jsonResponse({ items: [{ ...entry(7, 'Ingrid Huber'), shared: ['country'] }] });
          }
          return jsonResponse({ items: [] });
        }),
      ),
    );
    await renderWithRouter(
      <Suspense>
        <ConnectionsScreen language="de" />
      </Suspense>,
      'de',
    );
    const section = await screen.findByRole('region', { name: 'Menschen wie Sie' });
    const status = within(section).getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    await waitFor(
      () =>
        expect(status.textContent).toBe(
          'Das hat nicht geklappt. Bitte versuchen Sie es gleich noch einmal.',
        ),
      { timeout: 4000 },
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Vorschläge erneut laden' }));
    expect(await within(section).findByRole('link', { name: 'Ingrid Huber' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Vorschläge erneut laden' })).toBeNull();
    expect(suggestionCalls).toBe(3);
  });
});
