import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import pLimit from 'p-limit';
import { AUTH_RULES } from '@attune/contract';
import { AppError } from '../../errors';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane).
const ARGON2 = {
  // 2 = Algorithm.Argon2id (a const enum, which isolated modules cannot read).
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** The demo password of every seeded demo account (README); refused for real accounts. */
export const DEMO_PASSWORD = 'attune-demo-2026';

/** ~49,000 common passwords from zxcvbn-ts' maintained list, compared lower-cased. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  (dictionary['passwords-common'] as unknown as string[]).map((password) => password.toLowerCase()),
);

/** Whitespace, control and format characters, and code points that render as nothing. */
const UNSEEN = /[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * The form a password is hashed and checked in: NFKC, so the same password typed on another
 * keyboard or pasted from another app (full-width letters, ligatures, composed or decomposed
 * accents) is the same password.
 */
export const normalizePassword = (password: string) => password.normalize('NFKC');

/**
 * A bounded pool for argon2 work (each hash takes ~19 MiB and a core for ~15 ms): at most
 * `concurrency` at once, at most `maxQueued` waiting. A flood of wrong passwords then waits in a
 * short line or is turned away at once, instead of taking every core and all memory from the
 * members who log in, sign up or change a password meanwhile.
 */
export function createArgon2Pool(concurrency: number, maxQueued: number) {
  const limit = pLimit(concurrency);
  let hashes = 0;
  let verifications = 0;
  const run = <T>(work: () => Promise<T>): Promise<T> => {
    if (limit.pendingCount >= maxQueued) {
      return Promise.reject(
        new AppError(
          'service_unavailable',
          503,
          'Too many people are logging in right now. Please try again in a moment.',
          {},
          { 'retry-after': '2' },
        ),
      );
    }
    return limit(work);
  };
  return {
    hash: (password: string) =>
      run(() => {
        hashes += 1;
        return hash(password, ARGON2);
      }),
    verify: (passwordHash: string, password: string) =>
      run(async () => {
        verifications += 1;
        try {
          return await verify(passwordHash, password);
        } catch {
          return false;
        }
      }),
    /** How much argon2 work ran, for tests and metrics. */
    stats: () => ({ hashes, verifications, active: limit.activeCount, queued: limit.pendingCount }),
  };
}

/** The process's one pool, sized to the machine's cores. */
const pool = createArgon2Pool(Math.max(2, availableParallelism()), 64);
export const argon2Stats = pool.stats;

/** Hashes the normalised password (bounded argon2 pool). */
export const hashPassword = (password: string) => pool.hash(normalizePassword(password));

export interface PasswordCheck {
  ok: boolean;
  /** The hash was made from the raw password (before passwords were normalised): rehash it. */
  needsRehash: boolean;
}

/**
 * Checks a password against a hash, in its normalised form and, if that differs, in the raw form
 * that accounts made before normalisation were hashed with. The second check costs a second hash
 * only for passwords that NFKC changes.
 */
export async function checkPassword(
  passwordHash: string,
  password: string,
): Promise<PasswordCheck> {
  const normalized = normalizePassword(password);
  if (await pool.verify(passwordHash, normalized)) return { ok: true, needsRehash: false };
  if (normalized !== password && (await pool.verify(passwordHash, password)))
    return { ok: true, needsRehash: true };
  return { ok: false, needsRehash: false };
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return (await checkPassword(passwordHash, password)).ok;
}

// A real hash to verify against when the user does not exist, so both cases take the same time.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('attune-dummy-password-for-timing');
  await checkPassword(await dummyHash, password);
}

/** One short part repeated (abcabcabc, 12121212). */
const REPEATED = /^(.{1,4})\1+$/u;

/** Throws a 400 with a clear message when the password breaks a rule. */
/**
 * Checks a new password against the rules (AUTH_RULES, decision 0003). With `account`, it may not
 * be the member's own e-mail address, the part before its @, or their username: what others can
 * see or guess (issue 41).
 */
export function assertPasswordAllowed(
  password: string,
  account: { email?: string | null; username?: string | null } = {},
): void {
  const normalized = normalizePassword(password);
  if ([...normalized].length < AUTH_RULES.passwordMinLength) {
    throw new AppError(
      'password_too_short',
      400,
      `The password must have at least ${AUTH_RULES.passwordMinLength} characters.`,
      { min: AUTH_RULES.passwordMinLength },
    );
  }
  if (normalized.length > AUTH_RULES.passwordMaxLength) {
    throw new AppError(
      'password_too_long',
      400,
      `The password can have at most ${AUTH_RULES.passwordMaxLength} characters.`,
      { max: AUTH_RULES.passwordMaxLength },
    );
  }
  const visible = normalized.replace(UNSEEN, '').toLowerCase();
  if (visible === '') {
    throw new AppError(
      'password_not_visible',
      400,
      'The password is made only of spaces or invisible characters. Please choose one you can see.',
    );
  }
  const lower = normalized.toLowerCase();
  if (
    COMMON_PASSWORDS.has(lower) ||
    COMMON_PASSWORDS.has(visible) ||
    lower === DEMO_PASSWORD ||
    visible === DEMO_PASSWORD
  ) {
    throw new AppError(
      'password_too_common',
      400,
      'This password is too common and easy to guess. Please choose another one.',
    );
  }
  const own = [account.email, account.email?.split('@')[0], account.username]
    .filter((name): name is string => Boolean(name))
    .map((name) => name.trim().toLowerCase());
  if (own.includes(lower) || own.includes(visible)) {
    throw new AppError(
      'password_like_account',
      400,
      'This password is your e-mail address or username, which others can see or guess. Please choose another one.',
    );
  }
  if (new Set(visible).size < 4 || REPEATED.test(visible)) {
    throw new AppError(
      'password_too_simple',
      400,
      'This password is too easy to guess: it repeats the same few characters. Please choose another one.',
    );
  }
}
