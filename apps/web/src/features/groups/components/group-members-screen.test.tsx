import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memberEntry } from '../../../test/member-fixtures';
import type { GroupMemberEntry, GroupOutput } from '@attune/contract';
import { applyLanguage } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { groupFixture } from '../../../test/group-fixtures';
import { renderWithRouter } from '../../../test/render-with-router';
import { GroupMembersScreen } from './group-members-screen';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

const VIEWER = 42;

const entry = (id: number, nickname: string, groupRole: 'admin' | 'member'): GroupMemberEntry => ({
  ...memberEntry(id, nickname),
  name: nickname.split(' ')[0]!,
  groupRole,
});

interface Refusal {
  code: string;
  status: number;
}

/**
 * The server: the group as the viewer sees it, and its members, whose roles `group/admins`
 * changes (or refuses with `refusal`). Stepping down makes the viewer a plain member.
 */
function serve(group: GroupOutput, members: GroupMemberEntry[], refusal?: Refusal) {
  let shown = group;
  const fetchMock = vi.fn(async (address: string, init?: RequestInit) => {
    if (address === '/api/group/admins') {
      if (refusal)
        return jsonResponse(
          { code: refusal.code, message: 'Refused.', data: { status: refusal.status } },
          refusal.status,
        );
      const { userId, admin } = JSON.parse(String(init!.body)) as {
        userId: number;
        admin: boolean;
      };
      members = members.map((one) =>
        one.id === userId ? { ...one, groupRole: admin ? 'admin' : 'member' } : one,
      );
      if (userId === VIEWER && !admin) shown = groupFixture({ standing: 'member' });
      return jsonResponse({ message: 'Done.', group: shown });
    }
    if (address.startsWith('/api/group/members'))
      return jsonResponse({ items: members, nextCursor: null });
    if (address === '/api/group/ci-beginners') return jsonResponse(shown);
    return jsonResponse({ items: [], nextCursor: null });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const adminCalls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .filter(([address]) => address === '/api/group/admins')
    .map(([, init]) => [init?.method, JSON.parse(String(init?.body))] as const);

const renderMembers = () =>
  renderWithRouter(<GroupMembersScreen language="en" groupRef="ci-beginners" viewerId={VIEWER} />);

/** The admin buttons of the list, in its order (the connection buttons left out). */
const adminButtons = () =>
  screen
    .queryAllByRole('button')
    .map((button) => button.textContent ?? '')
    .filter((text) => /group admin/.test(text));

const team = () => [
  entry(VIEWER, 'Maria Lopez', 'admin'),
  entry(11, 'Anna Huber', 'member'),
  entry(12, 'Jürgen Weber', 'admin'),
];

describe('GroupMembersScreen: choosing the group admins', () => {
  it('shows no admin buttons to whom the group does not let choose its admins', async () => {
    serve(groupFixture({ standing: 'member' }), team());
    await renderMembers();
    expect(await screen.findByRole('link', { name: 'Anna Huber' })).toBeTruthy();
    expect(adminButtons()).toEqual([]);
  });

  it("gives a group's admin a button on each row, with the member's name in it", async () => {
    serve(groupFixture({ standing: 'admin' }), team());
    await renderMembers();
    await screen.findByRole('link', { name: 'Anna Huber' });
    expect(adminButtons()).toEqual([
      'Remove yourself as group admin',
      'Make Anna Huber a group admin',
      'Remove Jürgen Weber as group admin',
    ]);
  });

  it('gives staff the buttons in a group they are not in', async () => {
    serve(
      groupFixture({ status: 'hidden', standing: 'outsider', capabilities: ['manage_groups'] }),
      team().slice(1),
    );
    await renderMembers();
    await screen.findByRole('link', { name: 'Anna Huber' });
    expect(adminButtons()).toEqual([
      'Make Anna Huber a group admin',
      'Remove Jürgen Weber as group admin',
    ]);
  });

  it('makes a member an admin, says so politely, and keeps the focus on the button', async () => {
    const fetchMock = serve(groupFixture({ standing: 'admin' }), team());
    await renderMembers();
    const make = await screen.findByRole('button', { name: 'Make Anna Huber a group admin' });
    make.focus();
    fireEvent.click(make);
    expect(await screen.findByText('Anna Huber is now a group admin.')).toBeTruthy();
    expect(adminCalls(fetchMock)).toEqual([['POST', { groupId: 7, userId: 11, admin: true }]]);
    // The list is read again: the same button now offers the way back, and keeps the focus.
    await waitFor(() => expect(make.textContent).toBe('Remove Anna Huber as group admin'));
    expect(document.activeElement).toBe(make);
    const row = make.closest('li')!;
    expect(within(row).getByText('Group admin')).toBeTruthy();
  });

  it('removes another admin without asking', async () => {
    const fetchMock = serve(groupFixture({ standing: 'admin' }), team());
    await renderMembers();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove Jürgen Weber as group admin' }),
    );
    expect(await screen.findByText('Jürgen Weber is no longer a group admin.')).toBeTruthy();
    expect(adminCalls(fetchMock)).toEqual([['POST', { groupId: 7, userId: 12, admin: false }]]);
  });

  it('asks before the viewer steps down, then takes the buttons away and keeps the focus on the list', async () => {
    const fetchMock = serve(groupFixture({ standing: 'admin' }), team());
    await renderMembers();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove yourself as group admin' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Stop being an admin of CI beginners?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay a group admin' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(adminCalls(fetchMock)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove yourself as group admin' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Stop being a group admin',
      }),
    );
    expect(await screen.findByText('You are no longer a group admin.')).toBeTruthy();
    expect(adminCalls(fetchMock)).toEqual([['POST', { groupId: 7, userId: VIEWER, admin: false }]]);
    await waitFor(() => expect(adminButtons()).toEqual([]));
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: '12 members' }),
    );
  });

  it("writes why the last admin stays one under the button, in the member's language", async () => {
    await applyLanguage('de');
    serve(groupFixture({ standing: 'admin' }), [entry(VIEWER, 'Maria Lopez', 'admin')], {
      code: 'last_admin',
      status: 409,
    });
    await renderWithRouter(
      <GroupMembersScreen language="de" groupRef="ci-beginners" viewerId={VIEWER} />,
      'de',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Gruppenleitung abgeben' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Gruppenleitung abgeben',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Eine Gruppe braucht immer mindestens eine Person/);
    expect(alert.textContent).toContain('Mitgliederliste der Gruppe');
    expect(
      screen
        .getByRole('button', { name: 'Gruppenleitung abgeben' })
        .getAttribute('aria-describedby'),
    ).toBe(alert.id);
    await applyLanguage('en');
  });
});
