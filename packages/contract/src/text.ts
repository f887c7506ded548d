/**
 * The slug rule of spec §5: lower-cased and accent-stripped; only letters, digits, spaces and
 * hyphens are kept; spaces become hyphens.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}
