import { describe, expect, it } from 'vitest';
import {
  isYearOfBirthValid,
  nicknameProblem,
  PROFILE_STATIC_SEGMENTS,
  RESERVED_NICKNAMES,
  TEXT_LIMITS,
} from './index';

describe('profile rules', () => {
  it('refuses display names that clash with pages under /profile, in any case and spacing', () => {
    for (const segment of PROFILE_STATIC_SEGMENTS) {
      expect(RESERVED_NICKNAMES).toContain(segment);
      expect(nicknameProblem(segment)).toBe('reserved');
      expect(nicknameProblem(` ${segment.toUpperCase()} `)).toBe('reserved');
    }
    expect(nicknameProblem('Admin')).toBe('reserved');
  });

  it('refuses the form of a neutral username and names made of dots', () => {
    expect(nicknameProblem('member-a2b3c4d5')).toBe('reserved');
    expect(nicknameProblem('Member-ABCDEFGH')).toBe('reserved');
    expect(nicknameProblem('..')).toBe('reserved');
    expect(nicknameProblem('...')).toBe('reserved');
    // Only the exact form: a name that merely starts like one is fine.
    expect(nicknameProblem('member of the choir')).toBeNull();
  });

  it('counts letters, not UTF-16 units, and keeps to the limits', () => {
    expect(nicknameProblem('J')).toBe('too_short');
    expect(nicknameProblem('  ')).toBe('too_short');
    expect(nicknameProblem('Jo')).toBeNull();
    expect(nicknameProblem('José María')).toBeNull();
    expect(nicknameProblem('x'.repeat(TEXT_LIMITS.nickname))).toBeNull();
    expect(nicknameProblem('x'.repeat(TEXT_LIMITS.nickname + 1))).toBe('too_long');
  });

  it('accepts a year of birth from 1900 to this year', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(isYearOfBirthValid('', now)).toBe(true);
    expect(isYearOfBirthValid('1900', now)).toBe(true);
    expect(isYearOfBirthValid('2026', now)).toBe(true);
    expect(isYearOfBirthValid('1899', now)).toBe(false);
    expect(isYearOfBirthValid('2027', now)).toBe(false);
    expect(isYearOfBirthValid('58', now)).toBe(false);
  });
});
