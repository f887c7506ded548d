import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GroupSummary } from '@attune/contract';
import { applyLanguage } from '../../../lib/i18n';
import { useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { ProfileGroups, type ProfileGroupsProps } from './profile-groups';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

const beginners: GroupSummary = {
  id: 7,
  slug: 'cochlear-implant-beginners',
  name: 'CI beginners',
  status: 'public',
  memberCount: 12,
};
const music: GroupSummary = {
  id: 8,
  slug: 'music-with-implants',
  name: 'Music with implants',
  status: 'private',
  memberCount: 1,
};

const renderGroups = (props: Partial<ProfileGroupsProps>, lang = 'en') =>
  renderWithRouter(
    <ProfileGroups
      groups={[]}
      similarGroups={[]}
      isOwn={false}
      language={lang as ProfileGroupsProps['language']}
      {...props}
    />,
    lang,
  );

const section = () => screen.getByRole('region', { name: 'Groups' });

describe('ProfileGroups', () => {
  it('lists each group as a link to its page, with its status in words and its member count', async () => {
    await renderGroups({ groups: [beginners, music] });
    expect(screen.getByRole('heading', { level: 2, name: 'Groups' })).toBeTruthy();
    const items = within(section()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole('link', { name: 'CI beginners' }).getAttribute('href')).toBe(
      '/en/groups/cochlear-implant-beginners',
    );
    expect(first.getByText('Public group')).toBeTruthy();
    expect(first.getByText('12 members')).toBeTruthy();
    const second = within(items[1]!);
    expect(second.getByText('Private group')).toBeTruthy();
    expect(second.getByText('1 member')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Groups you share' })).toBeNull();
  });

  it("shows another member's groups the viewer shares with them, as a list of its own", async () => {
    await renderGroups({ groups: [beginners, music], similarGroups: [music] });
    expect(screen.getByRole('heading', { level: 3, name: 'Groups you share' })).toBeTruthy();
    const shared = screen.getByRole('list', { name: 'Groups you share' });
    expect(
      within(shared)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([['Music with implants', '/en/groups/music-with-implants']]);
  });

  it('never shows shared groups on one’s own profile', async () => {
    await renderGroups({ groups: [beginners], similarGroups: [beginners], isOwn: true });
    expect(screen.queryByRole('heading', { name: 'Groups you share' })).toBeNull();
  });

  it('says when another member is in no group, without a link to the groups', async () => {
    await renderGroups({});
    expect(within(section()).getByText('Not in any group yet.')).toBeTruthy();
    expect(within(section()).queryByRole('link')).toBeNull();
  });

  it('tells the member on their own profile that they are in no group, and where to find one', async () => {
    await renderGroups({ isOwn: true });
    expect(within(section()).getByText('You are not in any group yet.')).toBeTruthy();
    expect(within(section()).getByRole('link', { name: 'Find a group' }).getAttribute('href')).toBe(
      '/en/groups',
    );
  });

  it("speaks the member's language", async () => {
    await applyLanguage('de');
    await renderGroups({ groups: [beginners], similarGroups: [beginners] }, 'de');
    expect(screen.getByRole('heading', { level: 2, name: 'Gruppen' })).toBeTruthy();
    expect(screen.getByText('12 Mitglieder')).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 3, name: 'Gruppen, in denen Sie beide sind' }),
    ).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'CI beginners' })[0]!.getAttribute('href')).toBe(
      '/de/groups/cochlear-implant-beginners',
    );
    await applyLanguage('en');
  });
});
