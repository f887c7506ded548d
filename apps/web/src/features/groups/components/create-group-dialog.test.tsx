import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { MEMBER_CAPABILITIES } from '../../../test/group-fixtures';
import { renderWithRouter } from '../../../test/render-with-router';
import { CreateGroupDialog } from './create-group-dialog';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

const created = {
  id: 31,
  creator_id: 42,
  parent_id: 0,
  name: 'Tinnitus talk',
  slug: 'tinnitus-talk',
  status: 'private',
  description: { raw: 'Living with tinnitus.', rendered: '<p>Living with tinnitus.</p>' },
  date_created: '2026-11-26T10:00:00',
  total_member_count: 1,
  link: '/en/groups/tinnitus-talk',
  is_member: true,
};

function renderDialog(capabilities: readonly string[] = MEMBER_CAPABILITIES, language = 'en') {
  return renderWithRouter(
    <CreateGroupDialog
      open
      onClose={() => {}}
      language={language as 'en'}
      capabilities={capabilities}
    />,
    language,
  );
}

const radioNames = () =>
  screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent);

describe('CreateGroupDialog', () => {
  it('asks for a name before sending anything, at the name field, which takes the focus', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await renderDialog();
    await screen.findByRole('dialog', { name: 'Create a group' });
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    const name = screen.getByRole('textbox', { name: /Name of the group/ });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please give the group a name.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('explains each status, and offers a hidden group to staff only', async () => {
    await renderDialog();
    await screen.findByRole('dialog', { name: 'Create a group' });
    expect(radioNames()).toEqual(['Public group', 'Private group']);
    const priv = screen.getByRole('radio', { name: 'Private group' });
    expect(document.getElementById(priv.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /an admin of the group decides/,
    );
  });

  it('offers staff a hidden group too', async () => {
    await renderDialog([...MEMBER_CAPABILITIES, 'manage_groups']);
    await screen.findByRole('dialog', { name: 'Create a group' });
    expect(radioNames()).toEqual(['Public group', 'Private group', 'Hidden group']);
  });

  it('creates the group with the description in the interface language and opens its page', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(created, 201));
    vi.stubGlobal('fetch', fetchMock);
    await applyLanguage('de');
    const { router } = await renderDialog(MEMBER_CAPABILITIES, 'de');
    await screen.findByRole('dialog', { name: 'Eine Gruppe gründen' });
    fireEvent.change(screen.getByRole('textbox', { name: /Name der Gruppe/ }), {
      target: { value: '  Tinnitus talk ' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Worum geht es in der Gruppe?' }), {
      target: { value: 'Leben mit Tinnitus.' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Private Gruppe' }));
    fireEvent.click(screen.getByRole('button', { name: 'Gruppe gründen' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/de/groups/tinnitus-talk'));
    const [address, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(address).toBe('/api/social/groups');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Tinnitus talk',
      status: 'private',
      descriptions: { de: 'Leben mit Tinnitus.' },
    });
    expect(await screen.findByText('Ihre Gruppe „Tinnitus talk“ ist gegründet.')).toBeTruthy();
    await applyLanguage('en');
  });

  it('shows a refused name at the name field, and other refusals in the form', async () => {
    const answers = [
      jsonResponse(
        {
          code: 'validation_failed',
          message: 'Bad',
          data: { status: 400, params: { field: 'name' } },
        },
        400,
      ),
      jsonResponse(
        { code: 'rate_limited', message: 'Wait', data: { status: 429, params: { minutes: 3 } } },
        429,
      ),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()!),
    );
    await renderDialog();
    await screen.findByRole('dialog', { name: 'Create a group' });
    const name = screen.getByRole('textbox', { name: /Name of the group/ });
    fireEvent.change(name, { target: { value: 'CI' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please check the name: it needs 1 to 100 characters.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Too many attempts. Please wait 3 minutes and try again.',
      ),
    );
  });
});
