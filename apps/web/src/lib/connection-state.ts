import { FRIEND_STATUS } from '@attune/contract';

export type ConnectionState = 'connected' | 'requestSent' | 'requestReceived' | 'notConnected';

/** isFriend (FRIEND_STATUS in the contract, decision 0011) as the state a profile describes. */
export function connectionState(isFriend: number | null | undefined): ConnectionState {
  switch (isFriend) {
    case FRIEND_STATUS.connected:
      return 'connected';
    case FRIEND_STATUS.requestSent:
      return 'requestSent';
    case FRIEND_STATUS.requestReceived:
      return 'requestReceived';
    default:
      return 'notConnected';
  }
}
