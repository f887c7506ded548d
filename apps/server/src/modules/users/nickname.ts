import unhomoglyph from 'unhomoglyph';
import { NICKNAME_MIN_LENGTH } from '@attune/contract';
import { AppError, invalidField } from '../../errors';

/**
 * Characters a display name may not hold: controls (newlines, tabs), format characters (bidi
 * overrides and isolates, zero-width joiners and spaces), private use, line and paragraph
 * separators, every code point that renders as nothing, and the braille blank that looks like a
 * space.
 */
const NOT_ALLOWED = /[\p{Cc}\p{Cf}\p{Co}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** Stacks of combining marks ("zalgo") that spill over the lines around a name. */
const MARK_STACK = /\p{M}{4,}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** A display name shorter than the contract's NICKNAME_MIN_LENGTH, as typed or once normalized. */
export const nicknameTooShort = () =>
  invalidField('nickname', `Please use at least ${NICKNAME_MIN_LENGTH} characters for your name.`);

const notAllowed = () =>
  new AppError(
    'nickname_not_allowed',
    400,
    'This name contains characters that cannot be shown safely, such as invisible or control characters. Please use letters, numbers and spaces.',
  );

/**
 * The form a display name is stored and compared in: NFKC (full-width and other compatibility forms
 * become plain letters), every run of space separators (no-break, em, ideographic …) one plain
 * space, trimmed. Every rule about a name (reserved, taken, look-alike) judges this form.
 */
export const nicknameForm = (raw: string) =>
  raw
    .normalize('NFKC')
    .replace(/\p{Zs}+/gu, ' ')
    .trim();

/**
 * The display name as stored (`nicknameForm`). Refuses names with characters that cannot be shown
 * safely, and names without a letter or digit.
 */
export function normalizeNickname(raw: string): string {
  const nickname = nicknameForm(raw);
  if (NOT_ALLOWED.test(nickname) || MARK_STACK.test(nickname)) throw notAllowed();
  if ([...nickname].length < NICKNAME_MIN_LENGTH) throw nicknameTooShort();
  if (!LETTER_OR_DIGIT.test(nickname)) throw notAllowed();
  return nickname;
}

const fold = (value: string) => unhomoglyph(value.normalize('NFD')).normalize('NFD').toLowerCase();

/**
 * What a name looks like, for comparing names (Unicode TS #39 "skeleton", case-insensitive): each
 * character is replaced by the one it is confused with (Cyrillic "а" → "a", "0" → "O", "rn" and
 * "m" alike) from Unicode's confusables data (unhomoglyph), then lower-cased, twice, since lower
 * case letters have look-alikes of their own. Two names with one skeleton cannot both be taken.
 */
export function nicknameSkeleton(nickname: string): string {
  return fold(fold(nicknameForm(nickname)));
}
