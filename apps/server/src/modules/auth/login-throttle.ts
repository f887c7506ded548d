import { rateLimited, type RateLimits } from '../../plugins/app/rate-limits';

/** Failures from one address before its answers start to slow down. */
const FREE_FAILURES = 3;
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 8_000;
/** How much a known address is slowed while the account's ceiling is reached. */
export const KNOWN_ADDRESS_DELAY_MS = 3_000;

/**
 * The wait before checking a password after `failures` failed tries on this account from this
 * address: none for the first three (typos), then 1 s, 2 s, 4 s, 8 s, 8 s …
 */
export function failureDelayMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

export interface LoginAttempt {
  /** The password was right: this address's failures are forgotten and it becomes known. */
  succeeded(): Promise<void>;
  /** The password was wrong: counts towards the account's ceiling. */
  failed(): Promise<void>;
}

/**
 * Decides whether a login attempt on `account` from `address` may check its password (decision
 * 0021). Failures count per account and address, so a stranger's failures lock only the stranger's
 * address; the account's ceiling, reached by failures from many addresses, refuses addresses the
 * member never logged in from and only slows the ones they did.
 *
 * `account` is `user:<id>` for an existing member (username and e-mail count together) and
 * `name:<what was typed>` otherwise, which behaves the same so that throttling tells nothing about
 * whether an account exists.
 */
export async function beginLoginAttempt(
  limits: RateLimits,
  account: string,
  address: string,
): Promise<LoginAttempt> {
  const pair = `${account}|${address}`;
  const attempts = await limits.consume('login:account-address', pair);
  const ceiling = await limits.peek('login:account', account);
  if (await limits.isExhausted('login:account', account)) {
    if (!(await limits.isExhausted('login:known-address', pair))) {
      // This attempt is not checked, so it does not count against the address either.
      await limits.refund('login:account-address', pair);
      throw rateLimited(ceiling.msBeforeReset);
    }
    await limits.pause(KNOWN_ADDRESS_DELAY_MS);
  }
  await limits.pause(failureDelayMs(attempts - 1));
  return {
    async succeeded() {
      await limits.reset('login:account-address', pair);
      await limits.consume('login:known-address', pair).catch(() => undefined);
    },
    failed: () => limits.penalize('login:account', account),
  };
}
