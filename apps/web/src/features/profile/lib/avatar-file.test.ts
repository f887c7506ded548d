import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, avatarFileName, checkAvatarFile, croppedType } from './avatar-file';

describe('avatar file checks before upload', () => {
  it('accepts JPEG, PNG and WebP up to 8 MB', () => {
    expect(checkAvatarFile({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(checkAvatarFile({ type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(checkAvatarFile({ type: 'image/webp', size: 1 })).toBeNull();
  });

  it('refuses other types, including SVG and GIF', () => {
    expect(checkAvatarFile({ type: 'image/svg+xml', size: 1000 })).toBe('type');
    expect(checkAvatarFile({ type: 'image/gif', size: 1000 })).toBe('type');
    expect(checkAvatarFile({ type: '', size: 1000 })).toBe('type');
  });

  it('refuses files over 8 MB and empty files', () => {
    expect(checkAvatarFile({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('size');
    expect(checkAvatarFile({ type: 'image/png', size: 0 })).toBe('empty');
  });

  it('re-encodes PNG as PNG (transparency) and the rest as JPEG, named to match', () => {
    expect(croppedType('image/png')).toBe('image/png');
    expect(croppedType('image/webp')).toBe('image/jpeg');
    expect(avatarFileName('image/png')).toBe('avatar.png');
    expect(avatarFileName('image/jpeg')).toBe('avatar.jpg');
  });
});
