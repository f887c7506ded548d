import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

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

/** The AES-256 key `purpose` uses, derived from the server's secret. */
const keyFor = (secret: string, purpose: string) =>
  createHash('sha256').update(`${purpose}:${secret}`).digest();

/**
 * Encrypts a short text for keeping at rest (AES-256-GCM, a fresh nonce each time): only a server
 * with the same secret reads it back with `unsealText`.
 */
export function sealText(secret: string, purpose: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The text `sealText` kept, or null when it was not sealed with this secret and purpose. */
export function unsealText(secret: string, purpose: string, sealed: string): string | null {
  try {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
