import { describe, expect, it } from 'vitest';
import { chosenDisplayName } from './display-name';

describe('chosenDisplayName', () => {
  it('gives the display name the member chose', () => {
    expect(chosenDisplayName({ nickname: ' Ana López ', username: 'member-k3x9m2pq' })).toBe(
      'Ana López',
    );
  });

  it('gives null while none is chosen: empty, missing, or the username set by default', () => {
    expect(chosenDisplayName({ nickname: '', username: 'member-k3x9m2pq' })).toBeNull();
    expect(chosenDisplayName({ nickname: null, username: 'member-k3x9m2pq' })).toBeNull();
    expect(chosenDisplayName({ nickname: 'Explore11', username: 'explore11' })).toBeNull();
    expect(chosenDisplayName(null)).toBeNull();
  });
});
