/**
 * Connection calls (spec §7: friends, connection/accept-friend, reject-friend, cancel-friend):
 * each takes the other member's database id. The answers are not read: after any of them the
 * screens read the member's state again (profile pages, the connections page).
 */
import { authed } from './profile-api';

export type FriendshipAction = 'request' | 'accept' | 'reject' | 'cancel' | 'remove';

/** Query keys of connection data; every friendship change refreshes all of them. */
export const connectionKeys = {
  all: ['connections'] as const,
};

/** Sends one action about the member with this database id. */
export function sendFriendshipAction(action: FriendshipAction, memberId: number): Promise<unknown> {
  switch (action) {
    case 'request':
      // BuddyPress's shape.
      return authed('social/friends', { method: 'POST', body: { friend_id: memberId } });
    case 'accept':
    case 'reject':
    case 'cancel':
      return authed(`connection/${action}-friend`, { method: 'POST', body: { userId: memberId } });
    case 'remove':
      return authed(`social/friends/${memberId}`, { method: 'DELETE' });
  }
}
