/** `%`, `_` and `\` stand for themselves in a LIKE pattern built from a member's search text. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
