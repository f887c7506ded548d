import { describe, expect, it } from 'vitest';
import type { SessionRow } from './repository';
import { hash } from '@node-rs/argon2';
import { AppError } from '../../errors';
import {
  argon2Stats,
  assertPasswordAllowed,
  checkPassword,
  createArgon2Pool,
  DEMO_PASSWORD,
  hashPassword,
  verifyPassword,
} from './passwords';
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
  it('refuses the member’s own e-mail address, its name part and their username (issue 41)', () => {
    const account = { email: 'Maria.Lopez@example.org', username: 'marialopez1955' };
    for (const password of ['maria.lopez@example.org', 'MARIA.LOPEZ', ' marialopez1955 '])
      expect(() => assertPasswordAllowed(password, account), password).toThrow(
        expect.objectContaining({ code: 'password_like_account' }),
      );
    expect(() => assertPasswordAllowed('violet-meadow-compass-77', account)).not.toThrow();
    // Without an account (a new address at sign-up is checked against itself by the service).
    expect(() => assertPasswordAllowed('maria.lopez@example.org')).not.toThrow();
  });

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

  const codeOf = (password: string) => {
    try {
      assertPasswordAllowed(password);
      return null;
    } catch (error) {
      return (error as AppError).code;
    }
  };

  it('refuses passwords made only of spaces or invisible characters', () => {
    expect(codeOf(' '.repeat(8))).toBe('password_not_visible');
    expect(codeOf('\u200b'.repeat(8))).toBe('password_not_visible');
    expect(codeOf('\u00a0\u2003\u3000\u200d\u2060\ufeff\u3164\u180e')).toBe('password_not_visible');
    expect(codeOf('\t\n'.repeat(4))).toBe('password_not_visible');
  });

  it('refuses one character or a short part repeated', () => {
    for (const simple of [
      'aaaaaaaa',
      'AAAAAAAAAA',
      'abababab',
      'abcabcabc',
      'xyzwxyzw',
      '       a',
    ])
      expect(codeOf(simple), simple).toBe('password_too_simple');
  });

  it('refuses the published demo password for real accounts', () => {
    expect(codeOf(DEMO_PASSWORD)).toBe('password_too_common');
    expect(codeOf(DEMO_PASSWORD.toUpperCase())).toBe('password_too_common');
    // Full-width letters are the same password once normalised (NFKC).
    expect(codeOf('ａｔｔｕｎｅ-ｄｅｍｏ-２０２６')).toBe('password_too_common');
  });

  it('still accepts ordinary pass phrases, with spaces and accents', () => {
    for (const good of ['quiet harbour lantern', 'Kaffee mit Milch 7', 'mañana-sin-prisa'])
      expect(codeOf(good), good).toBeNull();
  });

  it('hashes the NFKC form, so the same password typed another way still matches', async () => {
    const stored = await hashPassword('ｃａｆé-au-lait-42');
    expect(await verifyPassword(stored, 'café-au-lait-42')).toBe(true);
    // The decomposed accent (e + combining acute) is the same password too.
    expect(await verifyPassword(stored, 'cafe\u0301-au-lait-42')).toBe(true);
  });

  it('accepts an old hash of the raw password and asks for a rehash', async () => {
    // Accounts from before normalisation were hashed from the password exactly as typed.
    const raw = 'ﬁsh-and-chips-42';
    const legacy = await hash(raw, { algorithm: 2 });
    expect(await checkPassword(legacy, raw)).toEqual({ ok: true, needsRehash: true });
    expect(await checkPassword(await hashPassword(raw), raw)).toEqual({
      ok: true,
      needsRehash: false,
    });
    expect(await checkPassword(legacy, 'fish-and-chips-43')).toEqual({
      ok: false,
      needsRehash: false,
    });
  });
});

describe('the argon2 pool', () => {
  it('runs a bounded number at once and turns away what does not fit in its queue', async () => {
    const pool = createArgon2Pool(1, 3);
    const stored = await pool.hash('quiet-harbour-lantern-42');
    let maxActive = 0;
    const flood = Array.from({ length: 10 }, () =>
      pool.verify(stored, 'wrong-password').then(
        (ok) => {
          maxActive = Math.max(maxActive, pool.stats().active);
          return ok;
        },
        (error: unknown) => error,
      ),
    );
    const outcomes = await Promise.all(flood);
    const refused = outcomes.filter((outcome) => outcome instanceof AppError);
    // One runs, three wait, the other six are told at once to come back shortly.
    expect(outcomes.filter((outcome) => outcome === false)).toHaveLength(4);
    expect(refused).toHaveLength(6);
    expect(refused[0]).toMatchObject({
      code: 'service_unavailable',
      status: 503,
      headers: { 'retry-after': '2' },
    });
    expect(maxActive).toBe(1);
    // A member arriving after the flood is served.
    expect(await pool.verify(stored, 'quiet-harbour-lantern-42')).toBe(true);
  });

  it('is the one the password functions use', async () => {
    const before = argon2Stats();
    const stored = await hashPassword('quiet-harbour-lantern-42');
    await verifyPassword(stored, 'quiet-harbour-lantern-42');
    const after = argon2Stats();
    expect(after.hashes - before.hashes).toBe(1);
    expect(after.verifications - before.verifications).toBe(1);
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
