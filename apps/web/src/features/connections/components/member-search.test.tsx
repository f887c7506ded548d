import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeAuthToken } from '../../../lib/auth-token';
import { applyLanguage, initI18n, loadNamespaces } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { MemberSearch } from './member-search';
import { entry, referenceFetch, validToken } from './test-fixtures';

beforeAll(async () => {
  await initI18n('en');
  await loadNamespaces(['connections', 'profile']);
});
beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
  writeAuthToken(validToken());
});
afterEach(() => vi.unstubAllGlobals());

/** The directory's query strings, in the order they were asked. */
const directoryQueries = (mock: ReturnType<typeof vi.fn>) =>
  mock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/connection/list-users')
    .map((url) => Object.fromEntries(url.searchParams));

const select = (name: string) => screen.getByRole('combobox', { name });
const choose = (name: string, value: string) =>
  fireEvent.change(select(name), { target: { value } });
const optionTexts = (name: string) =>
  within(select(name))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('MemberSearch', () => {
  it("offers the chosen country's regions and the interests, and sends them as filters", async () => {
    const fetchMock = vi.fn(
      referenceFetch(() => jsonResponse({ items: [entry(5, 'Klaus Weber')], nextCursor: null })),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(<MemberSearch language="en" />);

    // No country yet: the region says what to do first.
    expect(optionTexts('Region')).toEqual(['Choose a country first']);
    await waitFor(() => expect(optionTexts('Interests')).toEqual(['Any', 'Music', 'Family']));

    await waitFor(() => expect(optionTexts('Country')).toContain('Germany'));
    choose('Country', 'DE');
    await waitFor(() =>
      expect(optionTexts('Region')).toEqual(['Any', 'Bayern', 'Nordrhein-Westfalen']),
    );
    choose('Region', 'Nordrhein-Westfalen');
    choose('Interests', 'family');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 member found.'));
    const results = screen.getByRole('list', { name: 'Members found' });
    expect(within(results).getByRole('link', { name: 'Klaus Weber' })).toBeTruthy();
    expect(directoryQueries(fetchMock)).toEqual([
      { country: 'DE', region: 'Nordrhein-Westfalen', interests: 'family' },
    ]);
  });

  it('sends the device, hearing-aid type, stage, language and any role of spec §6 as filters', async () => {
    const fetchMock = vi.fn(referenceFetch(() => jsonResponse({ items: [], nextCursor: null })));
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(<MemberSearch language="en" />);

    // Every role by its badge's label, in order of priority.
    expect(optionTexts('Role')).toEqual([
      'Any',
      'Admin',
      'the manufacturer',
      'Mentor',
      "the manufacturer's user",
      'Member',
    ]);
    await waitFor(() => expect(optionTexts('Device type')).toContain('Cochlear implant'));
    await waitFor(() => expect(optionTexts('Language')).toEqual(['Any', 'German', 'Spanish']));
    choose('Device type', 'cochlear-implant');
    choose('Hearing aid type', 'behind-the-ear');
    choose('Where you are on your hearing journey', 'experienced');
    choose('Language', 'es');
    choose('Role', 'area_manager');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('No members match this search.'),
    );
    expect(directoryQueries(fetchMock)).toEqual([
      {
        deviceType: 'cochlear-implant',
        hearingAidType: 'behind-the-ear',
        stage: 'experienced',
        speakingLanguages: 'es',
        role: 'area_manager',
      },
    ]);
  });

  it('starts a new country without the region of the old one', async () => {
    vi.stubGlobal('fetch', vi.fn(referenceFetch(() => jsonResponse({}, 404))));
    await renderWithRouter(<MemberSearch language="en" />);
    await waitFor(() => expect(optionTexts('Country')).toContain('Germany'));
    choose('Country', 'DE');
    await waitFor(() => expect(optionTexts('Region')).toContain('Bayern'));
    choose('Region', 'Bayern');
    expect(select('Region')).toHaveProperty('value', 'Bayern');

    choose('Country', 'AT');
    await waitFor(() => expect(optionTexts('Region')).toEqual(['Any', 'Tirol']));
    expect(select('Region')).toHaveProperty('value', '');
  });

  it('clears the filters and the results, and puts the focus back in the name field', async () => {
    const fetchMock = vi.fn(
      referenceFetch(() => jsonResponse({ items: [entry(5, 'Klaus Weber')], nextCursor: null })),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(<MemberSearch language="en" />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'klaus' } });
    await waitFor(() => expect(optionTexts('Interests')).toContain('Family'));
    choose('Interests', 'family');
    choose('Role', 'mentor');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('list', { name: 'Members found' })).toBeTruthy();
    expect(directoryQueries(fetchMock)).toEqual([
      { search: 'klaus', interests: 'family', role: 'mentor' },
    ]);

    const clear = screen.getByRole('button', { name: 'Clear filters' });
    clear.focus();
    fireEvent.click(clear);

    expect(name).toHaveProperty('value', '');
    expect(select('Interests')).toHaveProperty('value', '');
    expect(select('Role')).toHaveProperty('value', '');
    expect(screen.queryByRole('list', { name: 'Members found' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(document.activeElement).toBe(name);
    // Nothing more was asked.
    expect(directoryQueries(fetchMock)).toHaveLength(1);
  });

  it('says what the server refused, in the member’s language, where the results would be', async () => {
    const refusal = {
      code: 'validation_failed',
      message: 'The cursor is not valid; pass the nextCursor of a previous page.',
      data: { status: 400, params: { field: 'cursor' } },
    };
    vi.stubGlobal('fetch', vi.fn(referenceFetch(() => jsonResponse(refusal, 400))));
    await applyLanguage('de');
    await renderWithRouter(<MemberSearch language="de" />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
      target: { value: 'klaus' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    // A refusal (4xx) is not asked again (retryOnce): its text shows at once.
    await waitFor(
      () =>
        expect(screen.getByRole('status').textContent).toBe(
          'Einige Angaben konnten nicht übernommen werden. Bitte prüfen Sie Ihre Eingaben und versuchen Sie es erneut.',
        ),
      { timeout: 5000 },
    );
    expect(screen.queryByRole('list', { name: 'Gefundene Mitglieder' })).toBeNull();
  });

  it('falls back to its own text when no answer came', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        referenceFetch(() => {
          throw new TypeError('Failed to fetch');
        }),
      ),
    );
    await renderWithRouter(<MemberSearch language="en" />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
      target: { value: 'klaus' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(
      () =>
        expect(screen.getByRole('status').textContent).toBe(
          'That did not work. Please try again in a moment.',
        ),
      { timeout: 5000 },
    );
  });

  it('after the last "Show more", moves the focus to the first member it added', async () => {
    const fetchMock = vi.fn(
      referenceFetch((url) =>
        url.searchParams.get('cursor')
          ? jsonResponse({ items: [entry(2, 'Berta')], nextCursor: null })
          : jsonResponse({ items: [entry(1, 'Anna')], nextCursor: 'next' }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(<MemberSearch language="en" />);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 member shown; there are more.')).toBeTruthy();

    const more = screen.getByRole('button', { name: 'Show more members' });
    more.focus();
    fireEvent.click(more);

    await waitFor(() => expect(document.activeElement?.textContent).toBe('Berta'));
    expect(screen.getByRole('status').textContent).toBe('2 members found.');
    expect(screen.queryByRole('button', { name: 'Show more members' })).toBeNull();
  });
});
