import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FRIEND_STATUS } from '@attune/contract';
import { applyLanguage } from '../../lib/i18n';
import { useTestConfig } from '../../test/config';
import { renderWithRouter } from '../../test/render-with-router';
import { MemberRow, type ListedMember } from './member-row';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

const member = (isFriend: number): ListedMember => ({
  databaseId: 12,
  address: 'Ana',
  avatarUrl: null,
  roles: ['member'],
  headline: '',
  isFriend,
});

describe('MemberRow: Send a message', () => {
  it('leads to a new conversation with a connection', async () => {
    await renderWithRouter(
      <ul>
        <MemberRow member={member(FRIEND_STATUS.connected)} />
      </ul>,
    );
    const link = screen.getByRole('link', { name: 'Send a message to Ana' });
    expect(link.getAttribute('href')).toBe('/en/chat?to=12');
  });

  it('is not offered to members who are not connected, nor on the viewer themselves', async () => {
    await renderWithRouter(
      <ul>
        <MemberRow member={member(FRIEND_STATUS.notConnected)} />
        <MemberRow member={{ ...member(FRIEND_STATUS.connected), databaseId: 7 }} connect={false} />
      </ul>,
    );
    expect(screen.queryByRole('link', { name: /Send a message/ })).toBeNull();
  });
});
