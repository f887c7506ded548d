import { describe, expect, it } from 'vitest';
import { jwtExpiry, secondsLeft } from './auth-token';

function fakeJwt(payload: object): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

describe('jwtExpiry', () => {
  it('reads the exp claim of a JWT', () => {
    expect(jwtExpiry(fakeJwt({ sub: '1', exp: 1_900_000_000 }))).toBe(1_900_000_000);
  });

  it('gives null for tokens without a readable exp', () => {
    expect(jwtExpiry('not-a-jwt')).toBeNull();
    expect(jwtExpiry(fakeJwt({ sub: '1' }))).toBeNull();
    expect(jwtExpiry('a.%%%.c')).toBeNull();
  });

  it('counts the seconds left', () => {
    expect(secondsLeft(fakeJwt({ exp: 1_000 }), 940_000)).toBe(60);
  });
});
