/** The picture types and size the server accepts (decision 0011); checked here first to save a wait. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 8 * 1024 * 1024;
/** The `accept` attribute of the file input. */
export const AVATAR_ACCEPT = AVATAR_TYPES.join(',');

export type AvatarFileProblem = 'type' | 'size' | 'empty' | 'notPicture';

/**
 * Why a chosen file cannot be a profile picture, or null when it can. The server checks again by
 * the file's bytes; this only spares members an upload that would be refused.
 */
export function checkAvatarFile(file: { type: string; size: number }): AvatarFileProblem | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}

/** Opens a file as a picture; rejects when its bytes are not one the browser can show. */
export type PictureDecoder = (file: Blob) => Promise<void>;

/** The browser's own image decoder: a text file named `.png` fails here, before any dialog. */
export const decodePicture: PictureDecoder = async (file) => {
  const bitmap = await createImageBitmap(file);
  bitmap.close();
};

/**
 * Why a chosen file cannot be a profile picture, or null when it can: type and size first, then
 * whether it really opens as a picture. The type comes from the file name, so a file that only
 * pretends to be a picture would otherwise reach the crop dialog as a broken image. The decoder is
 * a parameter because test environments without one (jsdom) still check the rest.
 */
export async function checkAvatarPicture(
  file: Blob,
  decode: PictureDecoder = decodePicture,
): Promise<AvatarFileProblem | null> {
  const problem = checkAvatarFile(file);
  if (problem) return problem;
  try {
    await decode(file);
    return null;
  } catch {
    return 'notPicture';
  }
}

/** The type to re-encode a cropped picture in: PNG keeps transparency, everything else JPEG. */
export function croppedType(sourceType: string): 'image/png' | 'image/jpeg' {
  return sourceType === 'image/png' ? 'image/png' : 'image/jpeg';
}

/** A file name for the upload that matches its type. */
export function avatarFileName(type: string): string {
  return type === 'image/png' ? 'avatar.png' : 'avatar.jpg';
}
