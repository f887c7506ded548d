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
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    await expect(signer.verify(token.slice(0, -1) + last, 'access')).rejects.toMatchObject({
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
