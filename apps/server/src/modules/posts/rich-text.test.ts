import { isTag, type ChildNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { readRichText, safeHref } from './rich-text';

/** Every tag the renderer writes, with the attributes each may carry. */
const ALLOWED: Record<string, string[]> = {
  p: [],
  h2: [],
  h3: [],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  br: [],
  strong: [],
  em: [],
  s: [],
  code: [],
  a: ['href', 'rel'],
  img: ['src', 'alt', 'loading'],
  span: ['class', 'data-type', 'data-id'],
};

/** Fails unless every element and attribute of `html` is on the allow-list, with safe addresses. */
function expectOnlyAllowed(html: string) {
  const visit = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (node.type === 'comment' || node.type === 'directive' || node.type === 'cdata')
        throw new Error(`unexpected ${node.type} in ${html}`);
      if (!isTag(node)) continue;
      expect(Object.keys(ALLOWED), html).toContain(node.name);
      for (const [name, value] of Object.entries(node.attribs)) {
        expect(ALLOWED[node.name], `${name} on ${node.name} in ${html}`).toContain(name);
        if (name === 'href') expect(value).toMatch(/^(https?:|mailto:|\/(?![/\\]))/);
        if (name === 'src') expect(value).toMatch(/^\/media\//);
        if (name === 'rel') expect(value).toBe('noopener nofollow ugc');
      }
      visit(node.children);
    }
  };
  visit(parseDocument(html).children);
}

// The usual ways in (OWASP's filter evasion list and browser quirks), as a client might send them.
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="/media/x.webp" onerror="alert(1)">',
  '<img src="/media/x.webp&quot; onerror=&quot;alert(1)">',
  '<img src="/media/../secret">',
  '<img src="javascript:alert(1)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript&#x3A;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="/media/x" onclick="alert(1)">x</a>',
  '<a href="https://ok.example/&quot;onmouseover=&quot;alert(1)">x</a>',
  '<a href="/\\evil.example">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>x</details>',
  '<input autofocus onfocus=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="width:expression(alert(1))">x</p>',
  "<style>@import 'https://evil.example/x.css';</style>",
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<span data-type="mention" data-id="1 onmouseover=alert(1)">x</span>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<template><img src=x onerror=alert(1)></template>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;',
];

describe('rich text: nothing a client sends runs in a reader’s browser', () => {
  it.each(PAYLOADS)('HTML %s', (payload) => {
    const { html } = readRichText(`<p>before</p>${payload}<p>after</p>`);
    expectOnlyAllowed(html);
    expect(html).toContain('<p>before</p>');
    // Reading the answer again gives it back unchanged: it is already in its final form.
    expect(readRichText(html).html).toBe(html);
  });

  it.each(PAYLOADS)('the same text in the editor’s document %s', (payload) => {
    const { html } = readRichText({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { style: 'color:red' },
          content: [{ type: 'text', text: payload }],
        },
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'link',
              marks: [{ type: 'link', attrs: { href: payload, onclick: 'x' } }],
            },
          ],
        },
        { type: 'image', attrs: { src: payload, alt: payload, onerror: 'alert(1)' } },
        { type: 'htmlBlock', attrs: { html: payload }, content: [{ type: 'text', text: 'kept' }] },
      ],
    });
    expectOnlyAllowed(html);
    // The payload stays, as text anyone can read.
    expect(html).toContain('kept');
  });

  it('writes tags and marks a client sent as escaped text', () => {
    const { html, text } = readRichText({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: '<b>not bold</b> & "quoted"' }] },
      ],
    });
    expect(html).toBe('<p>&lt;b&gt;not bold&lt;/b&gt; &amp; &quot;quoted&quot;</p>');
    expect(text).toBe('<b>not bold</b> & "quoted"');
  });
});

describe('rich text: what members write comes through', () => {
  const document = {
    type: 'doc' as const,
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Mi implante' }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Hola ' },
          { type: 'mention', attrs: { id: 12, label: 'ana', extra: 'x' } },
          { type: 'text', text: ', mira ' },
          {
            type: 'text',
            text: 'esto',
            marks: [
              { type: 'bold' },
              {
                type: 'link',
                attrs: { href: 'https://example.org/a?b=1', target: '_blank', class: 'x' },
              },
              { type: 'highlight', attrs: { color: 'red' } },
            ],
          },
          { type: 'hardBreak' },
          { type: 'mention', attrs: { id: '12', label: 'ana' } },
        ],
      },
      {
        type: 'bulletList',
        content: [
          {
            type: 'listItem',
            content: [{ type: 'paragraph', content: [{ type: 'text', text: 'uno' }] }],
          },
          {
            type: 'listItem',
            content: [{ type: 'paragraph', content: [{ type: 'text', text: 'dos' }] }],
          },
        ],
      },
      { type: 'image', attrs: { src: '/media/posts/7/a.webp', alt: 'Mi procesador' } },
      { type: 'image', attrs: { src: 'https://tracker.example/pixel.gif', alt: '' } },
    ],
  };

  it('renders the editor’s document from the allow-list, links marked as members’ links', () => {
    const rich = readRichText(document);
    expect(rich.html).toBe(
      '<h2>Mi implante</h2>' +
        '<p>Hola <span class="mention" data-type="mention" data-id="12">@ana</span>, mira ' +
        '<a href="https://example.org/a?b=1" rel="noopener nofollow ugc"><strong>esto</strong></a><br>' +
        '<span class="mention" data-type="mention" data-id="12">@ana</span></p>' +
        '<ul><li><p>uno</p></li><li><p>dos</p></li></ul>' +
        '<p><img src="/media/posts/7/a.webp" alt="Mi procesador" loading="lazy"></p>',
    );
    expect(rich.mentions).toEqual([12]);
    expect(rich.text).toBe('Mi implante\nHola @ana, mira esto\n@ana\nuno\ndos');
    expect(rich.empty).toBe(false);
    // The stored document holds only what the contract names: no extra attributes, no unknown marks.
    expect(JSON.stringify(rich.document)).not.toMatch(/extra|target|class|highlight|tracker/);
  });

  it('reads HTML into the same document as the editor would have written', () => {
    const fromHtml = readRichText(readRichText(document).html);
    expect(fromHtml.document).toEqual(readRichText(document).document);
  });

  it('reads plain HTML from other clients: unknown wrappers give their content', () => {
    const { html } = readRichText(
      '<div class="x"><h1>Título</h1>\n  <font color="red">Texto <u>suelto</u></font>\n<ol><li>a</li><li><b>b</b></li></ol></div>',
    );
    expect(html).toBe(
      '<h2>Título</h2><p>Texto suelto</p><ol><li><p>a</p></li><li><p><strong>b</strong></p></li></ol>',
    );
  });

  it('knows an empty text (spaces, empty paragraphs) from one with something to read', () => {
    expect(readRichText('<p>  </p><p></p>').empty).toBe(true);
    expect(readRichText({ type: 'doc', content: [{ type: 'paragraph' }] }).empty).toBe(true);
    expect(readRichText('<p><img src="/media/a.webp" alt=""></p>').empty).toBe(false);
  });

  it('lifts content nested beyond the depth limit to text paragraphs', () => {
    let node: object = { type: 'paragraph', content: [{ type: 'text', text: 'deep' }] };
    for (let i = 0; i < 20; i += 1) node = { type: 'blockquote', content: [node] };
    const { html } = readRichText({ type: 'doc', content: [node] });
    expect(html.match(/<blockquote>/g)).toHaveLength(5);
    expect(html).toContain('<p>deep</p>');
  });
});

describe('safeHref', () => {
  it.each([
    ['https://example.org/x', 'https://example.org/x'],
    ['HTTP://Example.org', 'http://example.org/'],
    ['mailto:ana@example.org', 'mailto:ana@example.org'],
    ['/es/profile/ana', '/es/profile/ana'],
    ['//example.org/x', 'https://example.org/x'],
    // As a browser reads it: a backslash is a slash, so this is another host, not a path here.
    ['/\\evil', 'https://evil/'],
  ])('keeps %s as %s', (href, kept) => expect(safeHref(href)).toBe(kept));

  it.each([
    'javascript:alert(1)',
    ' jav\tascript:alert(1)',
    'data:text/html,x',
    'relative/path',
    'ftp://x',
    '',
  ])('refuses %j', (href) => expect(safeHref(href)).toBeUndefined());
});
