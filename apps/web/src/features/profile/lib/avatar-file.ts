/** The picture types and size the server accepts (decision 0011); checked here first to save a wait. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 8 * 1024 * 1024;
/** The `accept` attribute of the file input. */
export const AVATAR_ACCEPT = AVATAR_TYPES.join(',');

export type AvatarFileProblem = 'type' | 'size' | 'empty';

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

/** The type to re-encode a cropped picture in: PNG keeps transparency, everything else JPEG. */
export function croppedType(sourceType: string): 'image/png' | 'image/jpeg' {
  return sourceType === 'image/png' ? 'image/png' : 'image/jpeg';
}

/** A file name for the upload that matches its type. */
export function avatarFileName(type: string): string {
  return type === 'image/png' ? 'avatar.png' : 'avatar.jpg';
}
