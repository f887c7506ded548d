import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from './tokens';

describe('token verification, remembered until the token expires (decision 0030)', () => {
  const signer = createTokenSigner(randomBytes(32).toString('base64url'));

  it('answers the same claims for a token it verified before, and only for its kind', async () => {
    const { token } = await signer.signAccess(7, 'session-a');
    const first = await signer.verify(token, 'access');
    expect(await signer.verify(token, 'access')).toEqual(first);
    await expect(signer.verify(token, 'session')).rejects.toMatchObject({ code: 'token_invalid' });
  });

  it('still refuses a token changed by one character after its original was verified', async () => {
    const { token } = await signer.signAccess(7, 'session-b');
    await signer.verify(token, 'access');
    // A character inside the signature: all six of its bits are signature bits. (The last one
    // carries two unused padding bits, so 'A' → 'B' there can decode to the same signature.)
    const at = token.length - 10;
    const changed = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    await expect(signer.verify(changed, 'access')).rejects.toMatchObject({
      code: 'token_invalid',
    });
    const other = createTokenSigner(randomBytes(32).toString('base64url'));
    await expect(other.verify(token, 'access')).rejects.toMatchObject({ code: 'token_invalid' });
  });

  it('refuses a remembered token once it has expired', async () => {
    const { token, expiresAt } = await signer.signAccess(7, 'session-c');
    await signer.verify(token, 'access');
    vi.useFakeTimers({ now: (expiresAt + 1) * 1000, toFake: ['Date'] });
    try {
      await expect(signer.verify(token, 'access')).rejects.toMatchObject({
        code: 'token_expired',
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
