import { handle } from '../events/service';
import { acceptInvitation } from './service';

let listening = false;

/**
 * What the staff area does when something happens elsewhere (events/service.ts): a person who
 * signed up with a staff invitation gets its role and area, in the sign-up's transaction. An
 * invitation that no longer works throws, which undoes the sign-up: the person learns why and
 * can register without it, rather than end up without the role they were promised.
 */
export function listenToStaffEvents(): void {
  if (listening) return;
  listening = true;
  handle('member_registered', async (tx, { member, invite }) => {
    if (invite) await acceptInvitation(tx, invite, member);
  });
}
