import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { CHAT_LIMITS, GROUP_LIMITS, POST_LIMITS } from '@attune/contract';
import { AppError } from '../../errors';

/**
 * Named limits: points per window. Per-IP limits (names ending in `:ip`) are multiplied by
 * RATE_LIMIT_IP_MULTIPLIER. Login uses four (decision 0021): every attempt per address; failures per
 * account and address (the one that blocks); failures per account from anywhere (a ceiling that
 * blocks only addresses the member never logged in from); and the addresses a member logged in from.
 */
export const RATE_LIMITS = {
  'send-code:email': { points: 5, seconds: 15 * 60 },
  'send-code:ip': { points: 30, seconds: 15 * 60 },
  'validate-code:email': { points: 15, seconds: 15 * 60 },
  'validate-code:ip': { points: 60, seconds: 15 * 60 },
  'login:ip': { points: 60, seconds: 15 * 60 },
  'login:account-address': { points: 10, seconds: 15 * 60 },
  'login:account': { points: 50, seconds: 60 * 60 },
  // At most 24 days: the memory store expires keys with setTimeout, which holds no more.
  'login:known-address': { points: 1, seconds: 14 * 24 * 60 * 60 },
  // Sign-up's last step: every attempt may cost an argon2 hash.
  'register:email': { points: 10, seconds: 15 * 60 },
  'register:ip': { points: 60, seconds: 15 * 60 },
  'recover:email': { points: 5, seconds: 15 * 60 },
  'recover:ip': { points: 30, seconds: 15 * 60 },
  // Setting the new password with a reset nonce, per e-mail (from any address).
  'reset:email': { points: 10, seconds: 15 * 60 },
  'refresh:ip': { points: 300, seconds: 15 * 60 },
  // Wrong current passwords in the settings, per member: a stolen session cannot guess it.
  'current-password:account': { points: 5, seconds: 15 * 60 },
  // New-address codes and their confirmation in the settings, per member.
  'email-change:account': { points: 5, seconds: 15 * 60 },
  'email-change-confirm:account': { points: 15, seconds: 15 * 60 },
  // Checked as the member types, so generous, but bounded against enumerating names.
  'nickname-check:ip': { points: 300, seconds: 15 * 60 },
  // Connection requests per member: far above what someone getting to know people sends, far
  // below what a spammer working through the directory would.
  'friend-request:account': { points: 30, seconds: 60 * 60 },
  'friend-request-daily:account': { points: 100, seconds: 24 * 60 * 60 },
  // Reports per member: each one lands in the staff queue, so a flood would bury real ones.
  'member-report:account': { points: 10, seconds: 60 * 60 },
  // Posts and questions (issue 12): one per member every 5 s; the same text once in 5 minutes
  // (keyed by the member and a hash of the text, counted only once the post is written).
  'post:account': { points: 1, seconds: POST_LIMITS.everySeconds },
  'post-duplicate:account': { points: 1, seconds: POST_LIMITS.duplicateSeconds },
  // Comments per member: a lively conversation, not a flood.
  'comment:account': { points: 10, seconds: 60 },
  // New groups per member (decision 0042): a few a day, so the groups list stays worth reading.
  'group-create:account': { points: GROUP_LIMITS.createdPerDay, seconds: 24 * 60 * 60 },
  // Images for posts and comments per member.
  'media:account': { points: 30, seconds: 60 * 60 },
  // Chat messages per member, all conversations together (decision 0045): quick short replies
  // pass, a script writing to many members does not.
  'chat-message:account': { points: CHAT_LIMITS.messagesPerMinute, seconds: 60 },
  // Support requests (anyone may send one, signed out too): a few an hour per address and per
  // e-mail, so the support inbox cannot be flooded nor a stranger's address mailed over and over.
  'support:ip': { points: 5, seconds: 60 * 60 },
  'support:email': { points: 3, seconds: 60 * 60 },
  // Invitations mail strangers' addresses: a day's generous work for one staff member, no more.
  'staff-invite:account': { points: 100, seconds: 24 * 60 * 60 },
} as const;
export type RateLimitName = keyof typeof RATE_LIMITS;

export interface RateLimits {
  /**
   * Counts one attempt and returns how many the window holds now (this one included); throws a 429
   * AppError when the limit is used up.
   */
  consume(name: RateLimitName, key: string): Promise<number>;
  /** Counts one point without ever refusing (a failure recorded after the fact). */
  penalize(name: RateLimitName, key: string): Promise<void>;
  /** Points used in the window, and how long until it resets; nothing is counted. */
  peek(name: RateLimitName, key: string): Promise<{ used: number; msBeforeReset: number }>;
  /** Gives back one attempt (a successful login should not count towards locking a member out). */
  refund(name: RateLimitName, key: string): Promise<void>;
  /** Forgets a key's count. */
  reset(name: RateLimitName, key: string): Promise<void>;
  /** Whether a key is at its limit now, without counting. */
  isExhausted(name: RateLimitName, key: string): Promise<boolean>;
  /** Waits `ms` (scaled by `delayScale`): the progressive delays of login. */
  pause(ms: number): Promise<void>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

export interface RateLimitOptions {
  redisUrl?: string;
  ipMultiplier: number;
  /** Key prefix, so tests and deployments sharing one Redis do not collide. */
  prefix: string;
  /** Scales the waits of `pause` (tests use a small one; 1 otherwise). */
  delayScale?: number;
}

/**
 * The 429 answer: the wait in whole minutes (rounded up, at least 1) for the member's text, the
 * exact seconds in `Retry-After`.
 */
export function rateLimited(msBeforeNext: number): AppError<'rate_limited'> {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'rate_limited',
    429,
    `Too many attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,
    { minutes },
    { 'retry-after': String(seconds) },
  );
}

/**
 * Shared rate limits (rate-limiter-flexible): in Redis when REDIS_URL is set, so several instances
 * share them, with an in-memory fallback if Redis is unreachable; in process memory otherwise.
 */
export async function createRateLimits(
  options: RateLimitOptions,
  log?: FastifyBaseLogger,
): Promise<RateLimits> {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        lazyConnect: true,
      })
    : undefined;
  redis?.on('error', () => {
    // The insurance limiter takes over while Redis is away; ioredis reconnects by itself.
  });
  // Connect before serving: otherwise the first requests would count in process memory only.
  await redis
    ?.connect()
    .catch((error: Error) =>
      log?.warn(`Redis not reachable, rate limits kept in memory for now: ${error.message}`),
    );
  const limiters = new Map<RateLimitName, RateLimiterAbstract>();
  for (const [name, { points, seconds }] of Object.entries(RATE_LIMITS) as [
    RateLimitName,
    { points: number; seconds: number },
  ][]) {
    const scaled = name.endsWith(':ip') ? Math.ceil(points * options.ipMultiplier) : points;
    const keyPrefix = `${options.prefix}:${name}`;
    const memory = new RateLimiterMemory({ keyPrefix, points: scaled, duration: seconds });
    limiters.set(
      name,
      redis
        ? new RateLimiterRedis({
            storeClient: redis,
            keyPrefix,
            points: scaled,
            duration: seconds,
            insuranceLimiter: memory,
          })
        : memory,
    );
  }
  const limiter = (name: RateLimitName) => limiters.get(name)!;
  const ignore = () => undefined;
  const delayScale = options.delayScale ?? 1;
  const peek: RateLimits['peek'] = async (name, key) => {
    const state = await limiter(name)
      .get(key.toLowerCase())
      .catch(() => null);
    return { used: state?.consumedPoints ?? 0, msBeforeReset: state?.msBeforeNext ?? 0 };
  };
  return {
    async consume(name, key) {
      try {
        return (await limiter(name).consume(key.toLowerCase())).consumedPoints;
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          throw rateLimited(error.msBeforeNext);
        }
        throw error;
      }
    },
    async penalize(name, key) {
      await limiter(name).penalty(key.toLowerCase(), 1).catch(ignore);
    },
    peek,
    async refund(name, key) {
      await limiter(name).reward(key.toLowerCase(), 1).catch(ignore);
    },
    async reset(name, key) {
      await limiter(name).delete(key.toLowerCase()).catch(ignore);
    },
    async isExhausted(name, key) {
      return (await peek(name, key)).used >= limiter(name).points;
    },
    pause: (ms) =>
      ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms * delayScale)),
    async close() {
      if (redis) redis.disconnect();
    },
  };
}

export const rateLimitsPlugin = fp(async (app: FastifyInstance, options: RateLimitOptions) => {
  const limits = await createRateLimits(options, app.log);
  app.decorate('rateLimits', limits);
  app.addHook('onClose', () => limits.close());
});
