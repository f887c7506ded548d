/** A translated text around one inline tag: `before <tag>inside</tag> after`. */
export interface SplitText {
  before: string;
  inside: string;
  after: string;
}

/**
 * Splits a translated text at its first `<tag>…</tag>`, or gives null when it has none. For a
 * sentence with one link in it (the beta banner's mail address): react-i18next's `Trans` does
 * this for any markup, but weighs more than the whole banner on every page.
 */
export function splitTag(text: string, tag: string): SplitText | null {
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  const start = text.indexOf(open);
  const end = start < 0 ? -1 : text.indexOf(close, start + open.length);
  if (end < 0) return null;
  return {
    before: text.slice(0, start),
    inside: text.slice(start + open.length, end),
    after: text.slice(end + close.length),
  };
}
