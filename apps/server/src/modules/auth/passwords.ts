import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
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

/** ~49,000 common passwords from zxcvbn-ts' maintained list, compared lower-cased. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  (dictionary['passwords-common'] as unknown as string[]).map((password) => password.toLowerCase()),
);

export const hashPassword = (password: string) => hash(password, ARGON2);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash to verify against when the user does not exist, so both cases take the same time.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('attune-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}

/** Throws a 400 with a clear message when the password breaks a rule. */
export function assertPasswordAllowed(password: string): void {
  if ([...password].length < AUTH_RULES.passwordMinLength) {
    throw new AppError(
      'password_too_short',
      400,
      `The password must have at least ${AUTH_RULES.passwordMinLength} characters.`,
      { min: AUTH_RULES.passwordMinLength },
    );
  }
  if (password.length > AUTH_RULES.passwordMaxLength) {
    throw new AppError(
      'password_too_long',
      400,
      `The password can have at most ${AUTH_RULES.passwordMaxLength} characters.`,
      { max: AUTH_RULES.passwordMaxLength },
    );
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    throw new AppError(
      'password_too_common',
      400,
      'This password is too common and easy to guess. Please choose another one.',
    );
  }
}
