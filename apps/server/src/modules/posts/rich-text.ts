import {
  RICH_TEXT_HEADING_LEVELS,
  RICH_TEXT_LIMITS,
  type RichTextBlock,
  type RichTextDocument,
  type RichTextInline,
  type RichTextInput,
  type RichTextListItem,
  type RichTextMark,
} from '@attune/contract';
import { isTag, isText, type ChildNode, type Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { escapeHtml } from '../../lib/html';

/**
 * Rich text in, one allow-listed document out (decision 0038). A client sends the editor's JSON
 * document or HTML; either way the server builds a fresh RichTextDocument holding only the nodes,
 * marks and attributes the contract names, with every address checked, and renders the HTML
 * readers get from that document alone. Nothing a client wrote is ever copied into the HTML
 * as markup: text is escaped, tags and attributes come from the renderer. So the stored form can
 * never carry a script, whatever was sent.
 */

/** What the text holds besides its document: for limits, duplicate checks and mention notices. */
export interface RichText {
  document: RichTextDocument;
  html: string;
  /** The words alone, blocks on their own lines (duplicate detection, previews, search). */
  text: string;
  /** Ids of the members mentioned, each once, in order of first mention. */
  mentions: number[];
  /** Whether anything is there to read: some text, a mention or an image. */
  empty: boolean;
}

export interface RichTextOptions {
  /** Whether an image address is one of ours (media endpoint); other images are dropped. */
  isImageSource?: (src: string) => boolean;
}

/** Our media endpoint's files: `/media/…`, plain path characters only, no way up. */
export const isOwnMediaPath = (src: string) =>
  /^\/media\/[A-Za-z0-9_-][A-Za-z0-9/_.-]*$/.test(src) && !src.includes('..');

/** Reads the content a client sent (document or HTML) into RichText. */
export function readRichText(input: RichTextInput, options: RichTextOptions = {}): RichText {
  const document =
    typeof input === 'string'
      ? documentFromHtml(input, options)
      : normalizeDocument(input, options);
  return richTextOf(document);
}

/** A document with what is derived from it. */
const richTextOf = (document: RichTextDocument): RichText => ({
  document,
  html: renderHtml(document),
  text: plainText(document),
  mentions: mentionsOf(document),
  empty: isEmpty(document),
});

/**
 * The text with each mention under the member's current name (`names`: id → display name); a
 * mention of nobody in `names` (no such member) becomes its plain text. A client cannot dress one
 * member's mention in another's name.
 */
export function relabelMentions(rich: RichText, names: ReadonlyMap<number, string>): RichText {
  const relabel = (inlines: RichTextInline[] = []): RichTextInline[] =>
    inlines.map((inline) => {
      if (inline.type !== 'mention') return inline;
      const name = names.get(inline.attrs.id);
      return name
        ? { type: 'mention', attrs: { id: inline.attrs.id, label: name } }
        : { type: 'text', text: `@${inline.attrs.label}` };
    });
  const visit = <B extends RichTextBlock | RichTextListItem>(block: B): B => {
    if (block.type === 'paragraph' || block.type === 'heading')
      return { ...block, content: relabel(block.content) };
    if (block.type === 'image') return block;
    return {
      ...block,
      content: (block.content as (RichTextBlock | RichTextListItem)[]).map(visit),
    };
  };
  return richTextOf({ type: 'doc', content: rich.document.content.map(visit) });
}

// ---------------------------------------------------------------------------------------------
// The editor's JSON document → a fresh allow-listed document

type Loose = {
  type?: unknown;
  text?: unknown;
  attrs?: unknown;
  marks?: unknown;
  content?: unknown;
};

const asNodes = (value: unknown): Loose[] =>
  Array.isArray(value)
    ? value.filter((node): node is Loose => typeof node === 'object' && node !== null)
    : [];

const attrsOf = (node: Loose): Record<string, unknown> =>
  typeof node.attrs === 'object' && node.attrs !== null
    ? (node.attrs as Record<string, unknown>)
    : {};

/** The editor's document with only what the allow-list names (unknown wrappers give their content). */
export function normalizeDocument(input: unknown, options: RichTextOptions = {}): RichTextDocument {
  const root = typeof input === 'object' && input !== null ? (input as Loose) : {};
  return { type: 'doc', content: blocksOf(asNodes(root.content), 1, options) };
}

function blocksOf(nodes: Loose[], depth: number, options: RichTextOptions): RichTextBlock[] {
  const blocks: RichTextBlock[] = [];
  let loose: RichTextInline[] = [];
  // Text between blocks (the line breaks and indentation of HTML) makes no paragraph of its own.
  const flush = () => {
    const line = trimLine(loose);
    if (line.some((inline) => inline.type !== 'hardBreak'))
      blocks.push({ type: 'paragraph', content: line });
    loose = [];
  };
  for (const node of nodes) {
    const block = blockOf(node, depth, options);
    if (block === 'inline') {
      loose.push(...inlinesOf([node], []));
      continue;
    }
    flush();
    blocks.push(...block);
  }
  flush();
  return blocks;
}

function blockOf(node: Loose, depth: number, options: RichTextOptions): RichTextBlock[] | 'inline' {
  const content = asNodes(node.content);
  // Deeper than the limit: the content is lifted to this level, as paragraphs of its text.
  const nested = (build: () => RichTextBlock[]) =>
    depth >= RICH_TEXT_LIMITS.maxDepth ? flatten(content) : build();
  switch (node.type) {
    case 'paragraph':
      return lineBlocks(content, (inlines) => ({ type: 'paragraph', content: inlines }), options);
    case 'heading': {
      const level = Number(attrsOf(node).level) <= RICH_TEXT_HEADING_LEVELS[0] ? 2 : 3;
      return lineBlocks(
        content,
        (inlines) => ({ type: 'heading', attrs: { level }, content: inlines }),
        options,
      );
    }
    case 'bulletList':
    case 'orderedList':
      return nested(() => {
        const items = content.map((item): RichTextListItem => ({
          type: 'listItem',
          content: blocksOf(
            item.type === 'listItem' ? asNodes(item.content) : [item],
            depth + 1,
            options,
          ),
        }));
        return items.length > 0 ? [{ type: node.type as 'bulletList', content: items }] : [];
      });
    case 'blockquote':
      return nested(() => {
        const inner = blocksOf(content, depth + 1, options);
        return inner.length > 0 ? [{ type: 'blockquote', content: inner }] : [];
      });
    case 'image': {
      const { src, alt } = attrsOf(node);
      return typeof src === 'string' && (options.isImageSource ?? isOwnMediaPath)(src)
        ? [{ type: 'image', attrs: { src, alt: typeof alt === 'string' ? cleanText(alt) : '' } }]
        : [];
    }
    case 'text':
    case 'hardBreak':
    case 'mention':
      return 'inline';
    default:
      // A node the allow-list does not name: its content stays, its wrapper and attributes go.
      return content.length > 0 ? blocksOf(content, depth, options) : [];
  }
}

/** A line that stood between blocks, without the spaces at its ends (as a browser shows it). */
function trimLine(line: RichTextInline[]): RichTextInline[] {
  const trimmed = line.map((inline) => ({ ...inline }));
  const first = trimmed.find((inline) => inline.type === 'text');
  if (first?.type === 'text') first.text = first.text.trimStart();
  const last = trimmed.findLast((inline) => inline.type === 'text');
  if (last?.type === 'text') last.text = last.text.trimEnd();
  return trimmed.filter((inline) => inline.type !== 'text' || inline.text !== '');
}

/**
 * A paragraph's or heading's line, with any image in it lifted out as a block of its own (the
 * renderer writes an image in a paragraph of its own; HTML and inline images arrive in lines).
 */
function lineBlocks(
  content: Loose[],
  make: (inlines: RichTextInline[]) => RichTextBlock,
  options: RichTextOptions,
): RichTextBlock[] {
  const blocks: RichTextBlock[] = [];
  let line: Loose[] = [];
  const flush = () => {
    if (line.length > 0) blocks.push(make(inlinesOf(line, [])));
    line = [];
  };
  for (const node of content) {
    if (node.type !== 'image') line.push(node);
    else {
      flush();
      blocks.push(...(blockOf(node, 1, options) as RichTextBlock[]));
    }
  }
  flush();
  return blocks.length > 0 ? blocks : [make([])];
}

/** Any nodes' text, as paragraphs (content nested beyond the depth limit). */
function flatten(nodes: Loose[]): RichTextBlock[] {
  const text = nodes.map(textOfLoose).join('\n').trim();
  return text
    ? text
        .split('\n')
        .map((line) => ({ type: 'paragraph', content: [{ type: 'text', text: line }] }))
    : [];
}

const textOfLoose = (node: Loose): string =>
  typeof node.text === 'string'
    ? cleanText(node.text)
    : asNodes(node.content)
        .map(textOfLoose)
        .join(node.type === 'paragraph' ? '' : '\n');

function inlinesOf(nodes: Loose[], inherited: RichTextMark[]): RichTextInline[] {
  const inlines: RichTextInline[] = [];
  for (const node of nodes) {
    if (node.type === 'text' && typeof node.text === 'string') {
      const text = cleanText(node.text);
      const marks = [...inherited, ...marksOf(node.marks)];
      if (text)
        inlines.push(
          marks.length > 0
            ? { type: 'text', text, marks: uniqueMarks(marks) }
            : { type: 'text', text },
        );
    } else if (node.type === 'hardBreak') {
      inlines.push({ type: 'hardBreak' });
    } else if (node.type === 'mention') {
      const { id, label } = attrsOf(node);
      const member = Number(id);
      if (Number.isSafeInteger(member) && member > 0)
        inlines.push({
          type: 'mention',
          attrs: { id: member, label: typeof label === 'string' ? cleanText(label) : '' },
        });
    } else {
      // Anything else inside a line (an unknown node) gives its text.
      inlines.push(...inlinesOf(asNodes(node.content), inherited));
    }
  }
  return inlines;
}

function marksOf(value: unknown): RichTextMark[] {
  const marks: RichTextMark[] = [];
  for (const mark of asNodes(value)) {
    if (
      mark.type === 'bold' ||
      mark.type === 'italic' ||
      mark.type === 'strike' ||
      mark.type === 'code'
    )
      marks.push({ type: mark.type });
    else if (mark.type === 'link') {
      const href = safeHref(attrsOf(mark).href);
      if (href) marks.push({ type: 'link', attrs: { href } });
    }
  }
  return marks;
}

/** One mark of each type (the innermost link wins), in a fixed order so equal text renders alike. */
function uniqueMarks(marks: RichTextMark[]): RichTextMark[] {
  const byType = new Map<string, RichTextMark>();
  for (const mark of marks) byType.set(mark.type, mark);
  const order = ['link', 'bold', 'italic', 'strike', 'code'];
  return [...byType.values()].sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
}

/**
 * A link's address if it is one a reader may follow: http, https or mailto, or a path on this
 * site. Read the way a browser reads it (the URL parser drops tabs and line breaks, so `java\tscript:`
 * is caught), and written back in its parsed form.
 */
export function safeHref(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const href = value.trim();
  if (!href || href.length > RICH_TEXT_LIMITS.maxHrefLength) return undefined;
  let url: URL;
  try {
    url = new URL(href, 'https://attune.invalid');
  } catch {
    return undefined;
  }
  if (url.origin === 'https://attune.invalid') {
    // A path on this site: only one written as one ("/…", not "//host" or a bare word).
    return /^\/(?![/\\])/.test(href) ? `${url.pathname}${url.search}${url.hash}` : undefined;
  }
  return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : undefined;
}

/** Text without control characters (line breaks are the editor's hardBreak nodes). */
const cleanText = (text: string) =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').replace(/[\r\n\t]+/g, ' ');

// ---------------------------------------------------------------------------------------------
// HTML → the same document (what a client without the editor sends)

/** Elements whose content is never text for readers: dropped whole. */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'head',
  'title',
  'textarea',
  'select',
  'button',
  'form',
  'canvas',
  'video',
  'audio',
]);

const MARK_TAGS: Record<string, RichTextMark['type']> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  s: 'strike',
  del: 'strike',
  strike: 'strike',
  code: 'code',
};

/** HTML read into the editor's document shape, then through the same allow-list. */
export function documentFromHtml(html: string, options: RichTextOptions = {}): RichTextDocument {
  const parsed = parseDocument(html, {
    decodeEntities: true,
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
  });
  return normalizeDocument({ type: 'doc', content: looseNodes(parsed.children) }, options);
}

function looseNodes(children: ChildNode[]): Loose[] {
  return children.flatMap((child): Loose[] => {
    // White space in HTML is one space wherever it runs, as a browser shows it.
    if (isText(child)) return [{ type: 'text', text: child.data.replace(/\s+/g, ' ') }];
    if (!isTag(child) || DROPPED.has(child.name)) return [];
    return looseElement(child);
  });
}

function looseElement(element: Element): Loose[] {
  const content = looseNodes(element.children);
  const name = element.name;
  const mark = MARK_TAGS[name];
  if (mark) return withMark(content, { type: mark });
  switch (name) {
    case 'p':
      return [{ type: 'paragraph', content }];
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return [{ type: 'heading', attrs: { level: Number(name[1]) }, content }];
    case 'ul':
      return [{ type: 'bulletList', content }];
    case 'ol':
      return [{ type: 'orderedList', content }];
    case 'li':
      return [{ type: 'listItem', content }];
    case 'blockquote':
      return [{ type: 'blockquote', content }];
    case 'br':
      return [{ type: 'hardBreak' }];
    case 'img':
      return [{ type: 'image', attrs: { src: element.attribs.src, alt: element.attribs.alt } }];
    case 'a':
      return withMark(content, { type: 'link', attrs: { href: element.attribs.href } });
    case 'span':
      if (element.attribs['data-type'] === 'mention')
        return [
          {
            type: 'mention',
            attrs: {
              id: element.attribs['data-id'],
              label: element.attribs['data-label'] ?? textOfLoose({ content }).replace(/^@/, ''),
            },
          },
        ];
      return content;
    default:
      // div, section, font, u … : their content, without them.
      return content;
  }
}

/** Adds a mark to every text inside (marks wrap text in the editor's document, not blocks). */
function withMark(nodes: Loose[], mark: object): Loose[] {
  return nodes.map((node) =>
    node.type === 'text'
      ? { ...node, marks: [...asNodes(node.marks), mark] }
      : { ...node, content: withMark(asNodes(node.content), mark) },
  );
}

// ---------------------------------------------------------------------------------------------
// The document → HTML, plain text, mentions

/** The HTML readers get: tags and attributes from this renderer only, every text escaped. */
export function renderHtml(document: RichTextDocument): string {
  return document.content.map(renderBlock).join('');
}

function renderBlock(block: RichTextBlock | RichTextListItem): string {
  switch (block.type) {
    case 'paragraph':
      return `<p>${renderInlines(block.content ?? [])}</p>`;
    case 'heading':
      return `<h${block.attrs.level}>${renderInlines(block.content ?? [])}</h${block.attrs.level}>`;
    case 'bulletList':
      return `<ul>${block.content.map(renderBlock).join('')}</ul>`;
    case 'orderedList':
      return `<ol>${block.content.map(renderBlock).join('')}</ol>`;
    case 'listItem':
      return `<li>${block.content.map(renderBlock).join('')}</li>`;
    case 'blockquote':
      return `<blockquote>${block.content.map(renderBlock).join('')}</blockquote>`;
    case 'image':
      return `<p><img src="${escapeHtml(block.attrs.src)}" alt="${escapeHtml(block.attrs.alt)}" loading="lazy"></p>`;
  }
}

function renderInlines(inlines: RichTextInline[]): string {
  return inlines
    .map((inline) => {
      if (inline.type === 'hardBreak') return '<br>';
      if (inline.type === 'mention')
        return `<span class="mention" data-type="mention" data-id="${inline.attrs.id}">@${escapeHtml(inline.attrs.label)}</span>`;
      return (inline.marks ?? []).reduceRight(
        (html, mark) => wrapMark(mark, html),
        escapeHtml(inline.text),
      );
    })
    .join('');
}

function wrapMark(mark: RichTextMark, html: string): string {
  switch (mark.type) {
    case 'link':
      return `<a href="${escapeHtml(mark.attrs.href)}" rel="noopener nofollow ugc">${html}</a>`;
    case 'bold':
      return `<strong>${html}</strong>`;
    case 'italic':
      return `<em>${html}</em>`;
    case 'strike':
      return `<s>${html}</s>`;
    case 'code':
      return `<code>${html}</code>`;
  }
}

function plainText(document: RichTextDocument): string {
  const lines: string[] = [];
  const visit = (block: RichTextBlock | RichTextListItem) => {
    if (block.type === 'paragraph' || block.type === 'heading')
      lines.push(
        (block.content ?? [])
          .map((inline) =>
            inline.type === 'text'
              ? inline.text
              : inline.type === 'mention'
                ? `@${inline.attrs.label}`
                : '\n',
          )
          .join(''),
      );
    else if (block.type !== 'image') block.content.forEach(visit);
  };
  document.content.forEach(visit);
  return lines.join('\n').trim();
}

function mentionsOf(document: RichTextDocument): number[] {
  const ids = new Set<number>();
  const visit = (block: RichTextBlock | RichTextListItem) => {
    if (block.type === 'paragraph' || block.type === 'heading') {
      for (const inline of block.content ?? [])
        if (inline.type === 'mention') ids.add(inline.attrs.id);
    } else if (block.type !== 'image') block.content.forEach(visit);
  };
  document.content.forEach(visit);
  return [...ids];
}

function isEmpty(document: RichTextDocument): boolean {
  const hasContent = (block: RichTextBlock | RichTextListItem): boolean =>
    block.type === 'image' ||
    (block.type === 'paragraph' || block.type === 'heading'
      ? (block.content ?? []).some(
          (inline) =>
            inline.type === 'mention' || (inline.type === 'text' && inline.text.trim() !== ''),
        )
      : block.content.some(hasContent));
  return !document.content.some(hasContent);
}
