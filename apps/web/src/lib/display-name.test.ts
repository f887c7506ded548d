import { describe, expect, it } from 'vitest';
import { chosenDisplayName, profileAddress } from './display-name';

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

describe('profileAddress', () => {
  it('is the display name once chosen, spaces and accents as they are', () => {
    expect(profileAddress({ nickname: ' José María ', username: 'member-k3x9m2pq' })).toBe(
      'José María',
    );
  });

  it('is the username while no display name is chosen', () => {
    expect(profileAddress({ nickname: '', username: 'member-k3x9m2pq' })).toBe('member-k3x9m2pq');
    expect(profileAddress({ nickname: 'Explore11', username: 'explore11' })).toBe('explore11');
  });
});
