import { z } from 'zod';

/**
 * Rich text of posts, questions and comments (step 7): the editor's JSON document (TipTap's
 * shape), of which the server keeps only what this allow-list names, and from which it renders
 * the HTML every reader gets. Anything else a client sends (other nodes, marks, attributes) is
 * dropped or unwrapped to its text by the server, never stored.
 */
export const RICH_TEXT_LIMITS = {
  /** Characters of text in one document (titles aside). */
  maxChars: 20_000,
  /** Nesting of blocks (lists in quotes in lists …); deeper content is lifted to this level. */
  maxDepth: 6,
  /** Members mentioned in one text (issue 12: at most 10 mentions per text). */
  maxMentions: 10,
  /** Characters of a link's address. */
  maxHrefLength: 2_000,
} as const;

export const RICH_TEXT_HEADING_LEVELS = [2, 3] as const;

export type RichTextMark =
  { type: 'bold' | 'italic' | 'strike' | 'code' } | { type: 'link'; attrs: { href: string } };

export type RichTextInline =
  | { type: 'text'; text: string; marks?: RichTextMark[] }
  | { type: 'hardBreak' }
  | { type: 'mention'; attrs: { id: number; label: string } };

export type RichTextBlock =
  | { type: 'paragraph'; content?: RichTextInline[] }
  | {
      type: 'heading';
      attrs: { level: (typeof RICH_TEXT_HEADING_LEVELS)[number] };
      content?: RichTextInline[];
    }
  | { type: 'bulletList' | 'orderedList'; content: RichTextListItem[] }
  | { type: 'blockquote'; content: RichTextBlock[] }
  | { type: 'image'; attrs: { src: string; alt: string } };

export interface RichTextListItem {
  type: 'listItem';
  content: RichTextBlock[];
}

export interface RichTextDocument {
  type: 'doc';
  content: RichTextBlock[];
}

/**
 * What a client may send as content: the editor's document (checked node by node on the server
 * against the allow-list above) or HTML (read into the same document). Both end the same way.
 */
export const RichTextInput = z.union([
  z.string().max(RICH_TEXT_LIMITS.maxChars * 4),
  z.looseObject({ type: z.literal('doc'), content: z.array(z.unknown()).optional() }),
]);
export type RichTextInput = z.infer<typeof RichTextInput>;
