import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './safe-html';

describe('sanitizeHtml', () => {
  it('keeps the allowed structure and links', () => {
    expect(sanitizeHtml('<h2>About</h2><p>Hi <a href="/en/faq">FAQ</a></p>')).toBe(
      '<h2>About</h2><p>Hi <a href="/en/faq">FAQ</a></p>',
    );
  });

  it('drops scripts, event handlers, styles and javascript: links', () => {
    const clean = sanitizeHtml(
      '<p onclick="x()" style="color:red">a</p><script>alert(1)</script><a href="javascript:alert(1)">b</a><img src=x onerror=alert(1)>',
    );
    expect(clean).toBe('<p>a</p><a>b</a>');
  });

  it('keeps images from our media endpoint only, and mentions', () => {
    expect(
      sanitizeHtml(
        '<p><img src="/media/posts/1/a.webp" alt="A"><img src="https://tracker.example/p.gif" alt=""></p>' +
          '<p><span class="mention" data-type="mention" data-id="7">@ana</span></p>',
      ),
    ).toBe(
      '<p><img src="/media/posts/1/a.webp" alt="A"></p>' +
        '<p><span class="mention" data-type="mention" data-id="7">@ana</span></p>',
    );
  });
});
