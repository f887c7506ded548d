import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupOutput } from '@attune/contract';
import { applyLanguage } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { groupFixture, MEMBER_CAPABILITIES } from '../../../test/group-fixtures';
import { renderWithRouter } from '../../../test/render-with-router';
import type { GroupTab } from '../lib/group-tabs';
import { GroupScreen } from './group-screen';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

/** The group page; the server answers with this group (or none), and empty lists. */
async function renderGroup(group: GroupOutput | null, tab?: GroupTab) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (address: string) => {
      if (address !== '/api/group/ci-beginners')
        return jsonResponse({ items: [], nextCursor: null });
      return group
        ? jsonResponse(group)
        : jsonResponse({ code: 'not_found', message: 'None', data: { status: 404 } }, 404);
    }),
  );
  const onTabChange = vi.fn();
  const view = await renderWithRouter(
    <GroupScreen
      language="en"
      groupRef="ci-beginners"
      viewer={{ databaseId: 42, capabilities: MEMBER_CAPABILITIES }}
      tab={tab}
      onTabChange={onTabChange}
      renderPosts={(_, kind) => <p>{`The ${kind} list`}</p>}
    />,
  );
  return { ...view, onTabChange };
}

describe('GroupScreen', () => {
  it('shows who may not read a private group what it is about and how to join, without tabs', async () => {
    await renderGroup(groupFixture({ status: 'private', standing: 'outsider' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'CI beginners' })).toBeTruthy();
    expect(screen.getByText('Private group')).toBeTruthy();
    expect(screen.getByText('12 members')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ask to join' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'About this group' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(
      'This group is private. Ask to join to read its posts.',
    );
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('link', { name: 'See the members' })).toBeNull();
  });

  it("gives a member the group's posts, questions and about, and no management", async () => {
    const { onTabChange } = await renderGroup(groupFixture({ standing: 'member' }));
    const tabs = await screen.findByRole('tablist', { name: 'Parts of the group' });
    expect(Array.from(tabs.querySelectorAll('[role="tab"]')).map((tab) => tab.textContent)).toEqual(
      ['Posts', 'Questions', 'About'],
    );
    expect(screen.getByRole('tabpanel', { name: 'Posts' }).textContent).toBe('The post list');
    expect(screen.getByText('You are a member')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the members' }).getAttribute('href')).toBe(
      '/en/groups/cochlear-implant-beginners/members',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Questions' }));
    expect(onTabChange).toHaveBeenCalledWith('questions');
  });

  it('shows the description in the language it is written in, on the About tab', async () => {
    await renderGroup(
      groupFixture({
        standing: 'member',
        description: 'Für alle im ersten Jahr.',
        descriptions: { de: 'Für alle im ersten Jahr.' },
      }),
      'about',
    );
    // Above the tabs (its first paragraph) and on the About tab.
    const texts = await screen.findAllByText('Für alle im ersten Jahr.');
    expect(texts).toHaveLength(2);
    for (const text of texts) expect(text.getAttribute('lang')).toBe('de');
  });

  it('offers its admins the requests waiting and the settings', async () => {
    await renderGroup(
      groupFixture({ status: 'private', standing: 'admin', pendingCount: 2 }),
      'manage',
    );
    const manage = await screen.findByRole('tab', { name: 'Manage group (2 requests)' });
    expect(manage.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { level: 2, name: 'Requests to join' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Group settings' })).toBeTruthy();
    expect(
      screen.getByRole('textbox', { name: 'Description in German' }).getAttribute('lang'),
    ).toBe('de');
  });

  it('says a group is not found with a way back to the groups', async () => {
    await renderGroup(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Group not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to groups' }).getAttribute('href')).toBe(
      '/en/groups',
    );
  });
});
