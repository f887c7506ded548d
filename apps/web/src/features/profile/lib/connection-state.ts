import { DEFAULT_IS_FRIEND } from '@attune/contract';

export type ConnectionState = 'connected' | 'pending' | 'notConnected';

/** isFriend of decision 0011: 1 connected, 2 a request pending either way, 3 (default) not connected. */
export function connectionState(isFriend: number | null | undefined): ConnectionState {
  switch (isFriend ?? DEFAULT_IS_FRIEND) {
    case 1:
      return 'connected';
    case 2:
      return 'pending';
    default:
      return 'notConnected';
  }
}
