import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
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
 * Checks an uploaded image by its bytes (not its name): at most 8 MB, JPEG, PNG or WebP, at most
 * 40 megapixels; `failed` is the message when it cannot be read. Uploaded bytes are never stored:
 * callers re-encode them with sharp, which drops all metadata (EXIF, GPS).
 */
async function checkImage(bytes: Buffer, failed: string): Promise<void> {
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
    throw new AppError('file_type_not_allowed', 415, failed);
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > AVATAR_RULES.maxPixels) {
    throw new AppError(
      'image_too_large',
      413,
      'The image has more than 40 megapixels. Please choose a smaller one.',
      { maxMegapixels: AVATAR_RULES.maxPixels / 1_000_000 },
    );
  }
}

/**
 * Checks an uploaded avatar (checkImage), crops it square from the centre and re-encodes it.
 * Returns the public URLs of both sizes.
 */
export async function saveAvatar(
  mediaDir: string,
  userId: number,
  bytes: Buffer,
): Promise<{ full: string; thumb: string }> {
  await checkImage(bytes, UPLOAD_FAILED);
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

/** Images in posts and comments: at most this wide or tall once re-encoded. */
export const POST_IMAGE_MAX_SIDE = 1600;

export const postImagesDir = (mediaDir: string, userId: number) =>
  join(mediaDir, 'posts', String(userId));

/**
 * An image for a post or comment (issue 12: images go through the media endpoint and are
 * re-encoded): checked (checkImage), turned upright, fitted within 1600 px without enlarging, and
 * re-encoded as WebP without metadata under an unguessable name. Returns its URL and size.
 */
export async function savePostImage(mediaDir: string, userId: number, bytes: Buffer) {
  const failed = 'Error uploading your image. Please, try again later.';
  await checkImage(bytes, failed);
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(bytes, { limitInputPixels: AVATAR_RULES.maxPixels })
      .rotate()
      .resize(POST_IMAGE_MAX_SIDE, POST_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('file_type_not_allowed', 415, failed);
  }
  const dir = postImagesDir(mediaDir, userId);
  const name = `${randomToken(12)}.webp`;
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), output.data);
  return {
    url: `/media/posts/${userId}/${name}`,
    width: output.info.width,
    height: output.info.height,
  };
}

/** Removes every post image of a member (account deletion). */
export async function removePostImages(mediaDir: string, userId: number): Promise<void> {
  await rm(postImagesDir(mediaDir, userId), { recursive: true, force: true });
}

/** Removes every avatar file of a member (account deletion). */
export async function removeAvatars(mediaDir: string, userId: number): Promise<void> {
  await rm(avatarsDir(mediaDir, userId), { recursive: true, force: true });
}
