import { describe, expect, it, vi } from 'vitest';
import {
  AVATAR_MAX_BYTES,
  avatarFileName,
  checkAvatarFile,
  checkAvatarPicture,
  croppedType,
  type PictureDecoder,
} from './avatar-file';

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

describe('avatar picture check before the crop dialog', () => {
  const png = (bytes: string) => new File([bytes], 'holiday.png', { type: 'image/png' });

  it('refuses a file named .png whose bytes do not open as a picture', async () => {
    const decode = vi
      .fn<PictureDecoder>()
      .mockRejectedValue(new DOMException('bad', 'InvalidStateError'));
    expect(await checkAvatarPicture(png('just some text'), decode)).toBe('notPicture');
    expect(decode).toHaveBeenCalledTimes(1);
  });

  it('accepts a file that opens as a picture', async () => {
    const decode = vi.fn<PictureDecoder>().mockResolvedValue(undefined);
    expect(await checkAvatarPicture(png('picture bytes'), decode)).toBeNull();
  });

  it('does not try to open files that already fail the type or size check', async () => {
    const decode = vi.fn<PictureDecoder>().mockResolvedValue(undefined);
    expect(await checkAvatarPicture(new File(['x'], 'a.gif', { type: 'image/gif' }), decode)).toBe(
      'type',
    );
    expect(await checkAvatarPicture(png(''), decode)).toBe('empty');
    expect(decode).not.toHaveBeenCalled();
  });
});
