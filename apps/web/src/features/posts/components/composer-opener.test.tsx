import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { ComposerOpener } from './composer-opener';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
  // The composer asks which groups the member may write in: none here.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ items: [], nextCursor: null })),
  );
});

describe('ComposerOpener', () => {
  it('shows only a button until the member opens the composer', async () => {
    await renderWithRouter(<ComposerOpener language="en" />);
    expect(screen.getByRole('button', { name: 'Write a post or ask a question' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('opens the composer in its place with the focus on its first field', async () => {
    await renderWithRouter(<ComposerOpener language="en" />);
    fireEvent.click(screen.getByRole('button', { name: 'Write a post or ask a question' }));
    const first = await screen.findByRole('radio', { name: 'A post' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(
      screen.getByRole('heading', { level: 2, name: 'Write a post or ask a question' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Write a post or ask a question' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish post' })).toBeTruthy();
  });

  it('closes on Cancel and gives the focus back to the button', async () => {
    await renderWithRouter(<ComposerOpener language="en" />);
    fireEvent.click(screen.getByRole('button', { name: 'Write a post or ask a question' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const opener = await screen.findByRole('button', { name: 'Write a post or ask a question' });
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
