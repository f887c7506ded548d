import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../test/config';
import { renderWithRouter } from '../../test/render-with-router';
import { MemberSafetyActions } from './member-safety-actions';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

const renderActions = () =>
  renderWithRouter(<MemberSafetyActions memberId={42} name="Jürgen" language="en" />);

describe('MemberSafetyActions', () => {
  it('names both actions after the member, in one labelled group', async () => {
    await renderActions();
    const group = screen.getByRole('group', { name: 'Block or report Jürgen' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Report Jürgen', 'Block Jürgen']);
  });

  it('says what a block does, and blocks nobody when the member cancels', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await renderActions();
    const block = screen.getByRole('button', { name: 'Block Jürgen' });
    block.focus();
    fireEvent.click(block);
    const dialog = await screen.findByRole('dialog', { name: 'Block Jürgen?' });
    expect(dialog.textContent).toContain('Jürgen can no longer find you or see your profile.');
    expect(dialog.textContent).toContain('If you are connected, the connection ends.');
    // The focus is in the dialog; Cancel comes before Block.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    const buttons = within(dialog).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Cancel', 'Block Jürgen']);
    fireEvent.click(buttons[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(block));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('blocks, leaves the profile for the connections page and says whom', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ message: 'Member blocked.' }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderActions();
    fireEvent.click(screen.getByRole('button', { name: 'Block Jürgen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Jürgen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block Jürgen' }));
    expect(await screen.findByText('You blocked Jürgen.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/en/connections');
    const [address, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(address).toBe('/api/connection/block');
    expect(JSON.parse(String(init.body))).toEqual({ userId: 42 });
  });

  it('keeps the dialog open with the reason in an alert when the block fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ code: 'not_found', message: '', data: { status: 404 } }, 404),
      ),
    );
    const { router } = await renderActions();
    fireEvent.click(screen.getByRole('button', { name: 'Block Jürgen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Jürgen?' });
    const confirm = within(dialog).getByRole('button', { name: 'Block Jürgen' });
    fireEvent.click(confirm);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('We could not find what you were looking for.');
    expect(confirm.getAttribute('aria-describedby')).toBe(alert.id);
    expect(router.state.location.pathname).toBe('/en/test');
  });
});
