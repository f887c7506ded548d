import { useMemo } from 'react';
import Box, { type BoxProps } from '@mui/material/Box';
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  'hr',
  'span',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'caption',
  // Posts (decision 0038): images from our media endpoint, mentions of members.
  'img',
];
const ALLOWED_ATTR = [
  'href',
  'title',
  'lang',
  'dir',
  'scope',
  'colspan',
  'rowspan',
  'rel',
  'src',
  'alt',
  'loading',
  'class',
  'data-type',
  'data-id',
];

/**
 * Keeps only a small allow-list of tags and attributes. The server already sanitises stored rich
 * text; this second pass means a server bug cannot put script into the page.
 */
// Images only from our media endpoint (as the server keeps them): any other is removed whole.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'IMG' && !/^\/media\//.test(node.getAttribute('src') ?? '')) node.remove();
});

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}

export interface SafeHtmlProps extends Omit<BoxProps, 'children' | 'dangerouslySetInnerHTML'> {
  html: string;
}

/** Renders server HTML (pages, posts) after `sanitizeHtml`. */
export function SafeHtml({ html, sx, ...props }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Box
      {...props}
      sx={[
        {
          overflowWrap: 'anywhere',
          '& h2': { typography: 'h2', mt: 4, mb: 1.5 },
          '& h3': { typography: 'h3', mt: 3, mb: 1 },
          '& p, & ul, & ol, & dl': { typography: 'body1', mt: 0, mb: 2 },
          '& li': { mb: 0.5 },
          '& a': { color: 'primary.main' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
