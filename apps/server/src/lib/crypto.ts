import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token with `bytes` bytes of entropy. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** A uniformly random numeric code, zero-padded. */
export const randomDigits = (length: number): string =>
  String(randomInt(0, 10 ** length)).padStart(length, '0');

/** SHA-256 of a high-entropy token (refresh tokens): enough, since they cannot be guessed. */
export const sha256 = (value: string): string =>
  createHash('sha256').update(value).digest('base64url');

/** Keyed hash for low-entropy secrets (6-digit codes): a database leak alone does not reveal them. */
export const hmac = (secret: string, value: string): string =>
  createHmac('sha256', secret).update(value).digest('base64url');

/** Constant-time string comparison. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
