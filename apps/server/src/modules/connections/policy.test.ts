import { describe, expect, it } from 'vitest';
import {
  acceptsRequestsFrom,
  answerRefusal,
  mayActOn,
  mayRemoveConnection,
  requestRefusal,
} from './policy';

const [ana, ben, eve] = [1, 2, 3];
const pending = { requesterId: ana, addresseeId: ben, status: 'pending' };
const accepted = { ...pending, status: 'accepted' };
const everyone = { id: ben, requestsFrom: 'everyone' };

describe('connections policy', () => {
  it('lets a member ask only when nothing stands in the way, in a fixed order', () => {
    const ask = (input: Partial<Parameters<typeof requestRefusal>[0]>) =>
      requestRefusal({
        actorId: ana,
        member: everyone,
        friendship: undefined,
        blocks: [],
        sharesGroup: false,
        ...input,
      });
    expect(ask({})).toBeNull();
    expect(ask({ member: { id: ana, requestsFrom: 'everyone' } })).toBe('self');
    expect(ask({ blocks: [{ blockerId: ana, blockedId: ben }] })).toBe('blocked_by_actor');
    expect(ask({ blocks: [{ blockerId: ben, blockedId: ana }] })).toBe('blocked_by_member');
    expect(
      ask({
        blocks: [
          { blockerId: ben, blockedId: ana },
          { blockerId: ana, blockedId: ben },
        ],
      }),
    ).toBe('blocked_by_actor');
    expect(ask({ friendship: accepted })).toBe('already_connected');
    expect(ask({ friendship: pending })).toBe('request_exists');
    expect(ask({ friendship: { ...pending, requesterId: ben, addresseeId: ana } })).toBe(
      'request_received',
    );
    // The pair's state speaks before the member's setting.
    expect(
      ask({
        member: { id: ben, requestsFrom: 'nobody' },
        friendship: { ...pending, requesterId: ben, addresseeId: ana },
      }),
    ).toBe('request_received');
    expect(ask({ member: { id: ben, requestsFrom: 'nobody' } })).toBe('not_accepted');
    expect(ask({ member: { id: ben, requestsFrom: 'shared_group' } })).toBe('not_accepted');
    expect(
      ask({ member: { id: ben, requestsFrom: 'shared_group' }, sharesGroup: true }),
    ).toBeNull();
  });

  it('reads the requests setting deny by default', () => {
    expect(acceptsRequestsFrom('everyone', false)).toBe(true);
    expect(acceptsRequestsFrom('shared_group', true)).toBe(true);
    expect(acceptsRequestsFrom('shared_group', false)).toBe(false);
    expect(acceptsRequestsFrom('nobody', true)).toBe(false);
    expect(acceptsRequestsFrom('unknown', true)).toBe(false);
  });

  it('lets only the addressee accept or reject and only the requester cancel', () => {
    expect(answerRefusal(ben, 'accept', pending)).toBeNull();
    expect(answerRefusal(ben, 'reject', pending)).toBeNull();
    expect(answerRefusal(ana, 'cancel', pending)).toBeNull();
    expect(answerRefusal(ana, 'accept', pending)).toBe('not_yours');
    expect(answerRefusal(ana, 'reject', pending)).toBe('not_yours');
    expect(answerRefusal(ben, 'cancel', pending)).toBe('not_yours');
    for (const answer of ['accept', 'reject', 'cancel'] as const) {
      expect(answerRefusal(eve, answer, pending)).toBe('no_request');
      expect(answerRefusal(ben, answer, undefined)).toBe('no_request');
      expect(answerRefusal(ben, answer, accepted)).toBe('already_connected');
    }
  });

  it('lets either member remove an accepted connection, nobody else, nothing pending', () => {
    expect(mayRemoveConnection(ana, accepted)).toBe(true);
    expect(mayRemoveConnection(ben, accepted)).toBe(true);
    expect(mayRemoveConnection(eve, accepted)).toBe(false);
    expect(mayRemoveConnection(ana, pending)).toBe(false);
    expect(mayRemoveConnection(ana, undefined)).toBe(false);
    expect(mayActOn(ana, ben)).toBe(true);
    expect(mayActOn(ana, ana)).toBe(false);
  });
});
