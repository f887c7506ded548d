import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeAuthToken } from '../../../lib/auth-token';
import { applyLanguage, initI18n } from '../../../lib/i18n';
import { useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { DeleteAccountSection } from './delete-account-section';

function validToken(): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  return `e30.${payload.replace(/=+$/, '')}.sig`;
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
  writeAuthToken(validToken());
});

describe('DeleteAccountSection', () => {
  it('confirms, then shows the snackbar and logs out even when the call fails (spec §8)', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline'));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderWithRouter(<DeleteAccountSection language="en" />);

    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account for good?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account for good' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: 'I understand this cannot be undone' }),
    );
    fireEvent.click(confirm);

    expect(await screen.findByText('Your account was deleted.')).toBeTruthy();
    expect(await screen.findByTestId('navigated')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/en/logout');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/delete-user'))).toBe(
      true,
    );
  });
});
