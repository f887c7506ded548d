import { describe, expect, it } from 'vitest';
import type { SessionRow } from './repository';
import { assertPasswordAllowed, hashPassword, verifyPassword } from './passwords';
import { isStaffEmail } from './service';
import { isSessionActive, needsTouch, sessionExpiry } from './sessions';

const DAY = 24 * 60 * 60 * 1000;
const session = (overrides: Partial<SessionRow>): SessionRow => ({
  id: 's',
  userId: 1,
  createdAt: new Date(),
  lastUsedAt: new Date(),
  expiresAt: sessionExpiry(),
  revokedAt: null,
  revokedReason: null,
  userAgent: null,
  ...overrides,
});

describe('session rule', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('keeps a used, young session', () => {
    expect(
      isSessionActive(
        session({
          lastUsedAt: new Date(now.getTime() - 6 * DAY),
          expiresAt: new Date(now.getTime() + DAY),
        }),
        now,
      ),
    ).toBe(true);
  });
  it('ends a session idle for 7 days', () => {
    expect(
      isSessionActive(
        session({
          lastUsedAt: new Date(now.getTime() - 7 * DAY),
          expiresAt: new Date(now.getTime() + DAY),
        }),
        now,
      ),
    ).toBe(false);
  });
  it('ends a session at its 30-day limit and when revoked', () => {
    expect(isSessionActive(session({ lastUsedAt: now, expiresAt: now }), now)).toBe(false);
    expect(
      isSessionActive(
        session({ lastUsedAt: now, revokedAt: now, expiresAt: new Date(now.getTime() + DAY) }),
        now,
      ),
    ).toBe(false);
  });
  it('expires 30 days after login', () => {
    expect(sessionExpiry(now).getTime() - now.getTime()).toBe(30 * DAY);
  });
  it('is touched at most once a minute', () => {
    expect(needsTouch(session({ lastUsedAt: new Date(now.getTime() - 30_000) }), now)).toBe(false);
    expect(needsTouch(session({ lastUsedAt: new Date(now.getTime() - 61_000) }), now)).toBe(true);
  });
});

describe('password rules', () => {
  it('needs 8 characters, counting letters not bytes', () => {
    expect(() => assertPasswordAllowed('Ab3$xyz')).toThrow('at least 8 characters');
    expect(() => assertPasswordAllowed('äöüßäöüß-Zq')).not.toThrow();
  });
  it('refuses common passwords whatever their case', () => {
    for (const common of ['password', 'PASSWORD1', 'iloveyou', 'qwertyuiop', '12345678']) {
      expect(() => assertPasswordAllowed(common), common).toThrow(/too common/);
    }
  });
  it('caps the length', () => {
    expect(() => assertPasswordAllowed('x'.repeat(201))).toThrow(/at most 200/);
  });
  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('quiet-harbour-lantern-42');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hash, 'quiet-harbour-lantern-42')).toBe(true);
    expect(await verifyPassword(hash, 'quiet-harbour-lantern-43')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});

describe('staff e-mail domains', () => {
  it('matches the domain and its subdomains only', () => {
    expect(isStaffEmail('a@medel.example', ['medel.example'])).toBe(true);
    expect(isStaffEmail('a@at.medel.example', ['medel.example'])).toBe(true);
    expect(isStaffEmail('a@notmedel.example', ['medel.example'])).toBe(false);
    expect(isStaffEmail('a@medel.example.evil.com', ['medel.example'])).toBe(false);
    expect(isStaffEmail('a@medel.example', [])).toBe(false);
  });
});
