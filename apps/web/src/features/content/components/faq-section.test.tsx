import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FaqEntry } from '@attune/contract';
import { applyLanguage } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { FaqSection } from './faq-section';

const ENTRIES: FaqEntry[] = [
  {
    id: 1,
    position: 1,
    question: 'What is Attune?',
    answer: '<p>A community for people who hear with implants.</p>',
  },
  {
    id: 2,
    position: 2,
    question: 'Is there sound anywhere in Attune?',
    answer: '<p>No. Everything is shown as text.</p>',
  },
  {
    id: 3,
    position: 3,
    question: 'How do I change the text size?',
    answer: '<p>Use the <strong>accessibility</strong> button.</p>',
  },
];

/** Answers `GET /api/faq` as the server would: the search over question and answer text. */
function serve(entries = ENTRIES) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/faq') throw new Error(`Unexpected call to ${url.href}`);
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const found = entries.filter((entry) =>
      `${entry.question} ${entry.answer.replace(/<[^>]+>/g, '')}`.toLowerCase().includes(search),
    );
    return jsonResponse({ entries: found });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const searches = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.map(([input]) =>
    new URL(String(input), 'http://localhost').searchParams.get('search'),
  );

beforeEach(() => {
  useTestConfig();
});

afterEach(async () => {
  await applyLanguage('en');
});

describe('FaqSection', () => {
  it('lists the questions as closed panels under a heading, and opens one by its button', async () => {
    serve();
    await renderWithRouter(<FaqSection language="en" />);
    const section = await screen.findByRole('region', { name: 'Questions and answers' });
    expect(within(section).getByRole('heading', { level: 2 })).toBeTruthy();
    expect(await within(section).findByRole('status')).toHaveProperty('textContent', '3 questions');
    // Each question is a heading one level below the section's, holding a real button.
    const headings = within(section).getAllByRole('heading', { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual(
      ENTRIES.map((entry) => entry.question),
    );
    const button = within(section).getByRole('button', { name: 'How do I change the text size?' });
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const answer = within(section).getByRole('region', { name: 'How do I change the text size?' });
    expect(answer.textContent).toContain('Use the accessibility button.');
    expect(button.getAttribute('aria-controls')).toBe(answer.id);
  });

  it('searches as one types (after a pause) and announces how many were found', async () => {
    const fetchMock = serve();
    await renderWithRouter(<FaqSection language="en" />);
    const field = await screen.findByRole('searchbox', { name: 'Search the questions' });
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(status.textContent).toBe('3 questions'));

    fireEvent.change(field, { target: { value: 'te' } });
    fireEvent.change(field, { target: { value: 'text' } });
    await waitFor(() => expect(status.textContent).toBe('2 questions found'));
    // One request for the pause, not one per key.
    expect(searches(fetchMock)).toEqual([null, 'text']);
    expect(
      screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent),
    ).toEqual(['Is there sound anywhere in Attune?', 'How do I change the text size?']);
  });

  it('says when nothing matches and offers the contact page', async () => {
    serve();
    await renderWithRouter(<FaqSection language="en" />);
    const field = await screen.findByRole('searchbox', { name: 'Search the questions' });
    fireEvent.change(field, { target: { value: 'parking' } });
    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('No question matches “parking”.'));
    expect(screen.queryAllByRole('heading', { level: 3 })).toEqual([]);
    expect(
      screen.getByRole('link', { name: 'Write to our support team' }).getAttribute('href'),
    ).toBe('/en/contact');
  });

  it('speaks the reader’s language', async () => {
    serve([ENTRIES[0]!]);
    await applyLanguage('es');
    await renderWithRouter(<FaqSection language="es" />, 'es');
    expect(await screen.findByRole('searchbox', { name: 'Buscar en las preguntas' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 pregunta'));
  });
});
