import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../errors';
import { randomToken } from '../../lib/crypto';

export const AVATAR_RULES = {
  maxBytes: 8 * 1024 * 1024,
  maxPixels: 40_000_000,
  types: ['image/jpeg', 'image/png', 'image/webp'],
  /** Square sizes the UI uses: 300 px (profile) and 96 px (lists, header). */
  full: 300,
  thumb: 96,
} as const;

const UPLOAD_FAILED = 'Error uploading your profile image. Please, try again later.';

export const avatarsDir = (mediaDir: string, userId: number) =>
  join(mediaDir, 'avatars', String(userId));

/**
 * Checks an uploaded avatar by its bytes (not its name), refuses images over 40 megapixels, crops
 * it square from the centre and re-encodes it with sharp, which drops all metadata (EXIF, GPS).
 * The uploaded bytes themselves are never stored. Returns the public URLs of both sizes.
 */
export async function saveAvatar(
  mediaDir: string,
  userId: number,
  bytes: Buffer,
): Promise<{ full: string; thumb: string }> {
  if (bytes.length > AVATAR_RULES.maxBytes)
    throw new AppError(
      'file_too_large',
      413,
      'The image is larger than 8 MB. Please choose a smaller one.',
      { maxMegabytes: AVATAR_RULES.maxBytes / (1024 * 1024) },
    );
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(AVATAR_RULES.types as readonly string[]).includes(type.mime)) {
    throw new AppError('file_type_not_allowed', 415, 'Please choose a JPEG, PNG or WebP image.');
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('file_type_not_allowed', 415, UPLOAD_FAILED);
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > AVATAR_RULES.maxPixels) {
    throw new AppError(
      'image_too_large',
      413,
      'The image has more than 40 megapixels. Please choose a smaller one.',
      { maxMegapixels: AVATAR_RULES.maxPixels / 1_000_000 },
    );
  }
  const render = (size: number) =>
    sharp(bytes, { limitInputPixels: AVATAR_RULES.maxPixels })
      .rotate() // apply the EXIF orientation before the metadata is dropped
      .resize(size, size, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  let full: Buffer;
  let thumb: Buffer;
  try {
    [full, thumb] = await Promise.all([render(AVATAR_RULES.full), render(AVATAR_RULES.thumb)]);
  } catch {
    throw new AppError('file_type_not_allowed', 415, UPLOAD_FAILED);
  }
  const dir = avatarsDir(mediaDir, userId);
  // A new name each time: browsers and proxies may cache the old one for long.
  const name = randomToken(9);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${name}-full.webp`), full);
  await writeFile(join(dir, `${name}-thumb.webp`), thumb);
  return {
    full: `/media/avatars/${userId}/${name}-full.webp`,
    thumb: `/media/avatars/${userId}/${name}-thumb.webp`,
  };
}

/** Removes every avatar file of a member (account deletion). */
export async function removeAvatars(mediaDir: string, userId: number): Promise<void> {
  await rm(avatarsDir(mediaDir, userId), { recursive: true, force: true });
}
