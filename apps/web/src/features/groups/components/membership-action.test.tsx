import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupOutput } from '@attune/contract';
import { AppProviders } from '../../../app';
import { applyLanguage } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { groupFixture } from '../../../test/group-fixtures';
import { MembershipAction, membershipActionOf } from './membership-action';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

function renderAction(group: GroupOutput, onGone = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = (shown: GroupOutput) => (
    <QueryClientProvider client={queryClient}>
      <AppProviders>
        <MembershipAction group={shown} viewerId={42} onGone={onGone} />
      </AppProviders>
    </QueryClientProvider>
  );
  const rendered = render(view(group));
  return { rerender: (shown: GroupOutput) => rendered.rerender(view(shown)) };
}

const buttonNames = () => screen.queryAllByRole('button').map((button) => button.textContent);

/** The server answers every call with the group as the viewer now stands in it. */
function serve(after: GroupOutput, status = 200) {
  const fetchMock = vi.fn(async () =>
    status >= 400
      ? jsonResponse({ code: 'last_admin', message: 'Only admin', data: { status } }, status)
      : jsonResponse({ message: 'Done.', group: after }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('membershipActionOf', () => {
  it('offers the one action the viewer may take, by status and standing', () => {
    const action = (group: Parameters<typeof groupFixture>[0]) =>
      membershipActionOf(groupFixture(group));
    expect(action({ status: 'public', standing: 'outsider' })).toBe('join');
    expect(action({ status: 'private', standing: 'outsider' })).toBe('request');
    expect(action({ status: 'private', standing: 'pending' })).toBe('cancelRequest');
    expect(action({ status: 'public', standing: 'member' })).toBe('leave');
    expect(action({ status: 'hidden', standing: 'admin' })).toBe('leave');
    // Nobody asks to join a hidden group; staff who are not in it have nothing to leave.
    expect(
      action({ status: 'hidden', standing: 'outsider', capabilities: ['manage_groups'] }),
    ).toBeNull();
    // A member who may not join groups is offered nothing.
    expect(action({ status: 'public', standing: 'outsider', capabilities: ['read'] })).toBeNull();
  });
});

describe('MembershipAction', () => {
  it('shows the button for each standing, and nothing when there is nothing to do', () => {
    const { rerender } = renderAction(groupFixture({ status: 'public', standing: 'outsider' }));
    expect(buttonNames()).toEqual(['Join group']);
    rerender(groupFixture({ status: 'private', standing: 'outsider' }));
    expect(buttonNames()).toEqual(['Ask to join']);
    rerender(groupFixture({ status: 'private', standing: 'pending' }));
    expect(buttonNames()).toEqual(['Withdraw request']);
    rerender(groupFixture({ status: 'private', standing: 'member' }));
    expect(buttonNames()).toEqual(['Leave group']);
    rerender(groupFixture({ status: 'public', standing: 'outsider', capabilities: ['read'] }));
    expect(buttonNames()).toEqual([]);
  });

  it("joins a public group in BuddyPress's shape, says so politely, and keeps the focus", async () => {
    const fetchMock = serve(groupFixture({ standing: 'member' }));
    const { rerender } = renderAction(groupFixture({ standing: 'outsider' }));
    const join = screen.getByRole('button', { name: 'Join group' });
    join.focus();
    fireEvent.click(join);
    expect(await screen.findByText('You joined CI beginners. Welcome!')).toBeTruthy();
    const [address, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(address).toBe('/api/social/groups/7/members');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ user_id: 42 });
    // The page shows the new standing: the same button, now to leave, still has the focus.
    rerender(groupFixture({ standing: 'member' }));
    expect(document.activeElement?.textContent).toBe('Leave group');
  });

  it('asks to join a private group, and withdraws the request', async () => {
    const fetchMock = serve(groupFixture({ status: 'private', standing: 'pending' }));
    const { rerender } = renderAction(groupFixture({ status: 'private', standing: 'outsider' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ask to join' }));
    expect(
      await screen.findByText(
        'Your request to join CI beginners is sent. An admin of the group will answer it.',
      ),
    ).toBeTruthy();
    let [address, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(address).toBe('/api/groups/membership-requests');
    expect(JSON.parse(String(init.body))).toEqual({ groupId: 7 });

    rerender(groupFixture({ status: 'private', standing: 'pending' }));
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw request' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    [address, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(address).toBe('/api/groups/membership-requests/7');
    expect(init.method).toBe('DELETE');
  });

  it('asks before leaving, and sends nothing when the member stays', async () => {
    const fetchMock = serve(groupFixture({ standing: 'outsider' }));
    renderAction(groupFixture({ standing: 'member' }));
    fireEvent.click(screen.getByRole('button', { name: 'Leave group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave CI beginners?' });
    expect(dialog.textContent).toContain('You can join again at any time.');
    fireEvent.click(screen.getByRole('button', { name: 'Stay in the group' }));
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(await screen.findByRole('button', { name: 'Leave group' }));
    await screen.findByRole('dialog', { name: 'Leave CI beginners?' });
    const confirm = screen
      .getAllByRole('button', { name: 'Leave group' })
      .find((button) => button.closest('[role="dialog"]'))!;
    fireEvent.click(confirm);
    expect(await screen.findByText('You left CI beginners.')).toBeTruthy();
    const [address, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(address).toBe('/api/social/groups/7/members/42');
    expect(init.method).toBe('DELETE');
  });

  it('leaves the page of a hidden group the member can no longer see', async () => {
    serve(
      groupFixture({
        status: 'hidden',
        standing: 'outsider',
        may: { ...groupFixture().may, see: false },
      }),
    );
    const onGone = vi.fn();
    renderAction(groupFixture({ status: 'hidden', standing: 'member' }), onGone);
    fireEvent.click(screen.getByRole('button', { name: 'Leave group' }));
    expect(
      (await screen.findByRole('dialog', { name: 'Leave CI beginners?' })).textContent,
    ).toContain('you cannot ask to come back');
    const confirm = screen
      .getAllByRole('button', { name: 'Leave group' })
      .find((button) => button.closest('[role="dialog"]'))!;
    fireEvent.click(confirm);
    await waitFor(() => expect(onGone).toHaveBeenCalled());
  });

  it("writes why the last admin cannot leave under the button, in the member's language", async () => {
    await applyLanguage('de');
    serve(groupFixture(), 409);
    renderAction(groupFixture({ standing: 'admin' }));
    fireEvent.click(screen.getByRole('button', { name: 'Gruppe verlassen' }));
    await screen.findByRole('dialog', { name: 'CI beginners verlassen?' });
    const confirm = screen
      .getAllByRole('button', { name: 'Gruppe verlassen' })
      .find((button) => button.closest('[role="dialog"]'))!;
    fireEvent.click(confirm);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(
      /^Eine Gruppe braucht immer mindestens eine Person in der Leitung/,
    );
    expect(
      screen.getByRole('button', { name: 'Gruppe verlassen' }).getAttribute('aria-describedby'),
    ).toBe(alert.id);
    await applyLanguage('en');
  });
});
