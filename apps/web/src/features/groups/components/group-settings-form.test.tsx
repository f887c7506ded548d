import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { groupFixture, MEMBER_CAPABILITIES } from '../../../test/group-fixtures';
import { renderWithRouter } from '../../../test/render-with-router';
import { GroupSettingsForm } from './group-settings-form';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

const group = groupFixture({
  standing: 'admin',
  descriptions: { en: 'For everyone in their first year with an implant.' },
});

describe('GroupSettingsForm', () => {
  it('sends only what changed, and says it is saved', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ ...group, name: 'CI starters' }));
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(<GroupSettingsForm group={group} capabilities={MEMBER_CAPABILITIES} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('You have not changed anything yet.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: /Name of the group/ }), {
      target: { value: 'CI starters' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description in Spanish' }), {
      target: { value: 'Para todos en su primer año.' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Private group' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The group settings are saved.')).toBeTruthy();
    const [address, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(address).toBe('/api/group/update');
    expect(JSON.parse(String(init.body))).toEqual({
      groupId: 7,
      name: 'CI starters',
      descriptions: {
        en: 'For everyone in their first year with an implant.',
        de: '',
        es: 'Para todos en su primer año.',
      },
      status: 'private',
    });
    // A group admin who is not staff is not offered a hidden group.
    expect(screen.queryByRole('radio', { name: 'Hidden group' })).toBeNull();
  });

  it("shows a refused description at its language's field, which takes the focus", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            code: 'validation_failed',
            message: 'Too long',
            data: { status: 400, params: { field: 'descriptions.de' } },
          },
          400,
        ),
      ),
    );
    await renderWithRouter(<GroupSettingsForm group={group} capabilities={MEMBER_CAPABILITIES} />);
    const german = screen.getByRole('textbox', { name: 'Description in German' });
    fireEvent.change(german, { target: { value: 'Für alle.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(document.activeElement).toBe(german));
    expect(german.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(german.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The description can have at most 2000 characters.',
    );
  });

  it('asks for a name before sending', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(<GroupSettingsForm group={group} capabilities={MEMBER_CAPABILITIES} />);
    const name = screen.getByRole('textbox', { name: /Name of the group/ });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Please give the group a name.')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
