import { describe, expect, it } from 'vitest';
import { plainExcerpt, renderMarkdown } from './markdown.ts';

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

describe('renderMarkdown', () => {
  it('escapes raw HTML instead of passing it through', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<iframe src="/x"></iframe> <b onmouseover="x()">b</b>');
    expect(html).not.toMatch(/<script|<iframe|<b /);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('keeps only http(s), mailto, site paths and anchors as links', () => {
    const source = [
      '[a](javascript:alert(1))',
      '[b](JavaScript:alert(1))',
      '[c](vbscript:msgbox(1))',
      '[d](data:text/html;base64,PHNjcmlwdD4=)',
      '[e](//evil.example/x)',
      '[f](file:///etc/passwd)',
      '![g](javascript:alert(1))',
      '[ok1](https://example.com/a)',
      '[ok2](mailto:help@policydesk.test)',
      '[ok3](/pricing)',
      '[ok4](#top)',
    ].join(' ');
    expect(hrefs(renderMarkdown(source))).toEqual(['https://example.com/a', 'mailto:help@policydesk.test', '/pricing', '#top']);
    expect(renderMarkdown(source)).not.toContain('<img');
  });

  it('opens outside links without handing over the opener', () => {
    expect(renderMarkdown('[x](https://example.com)')).toContain('rel="noopener noreferrer nofollow"');
    expect(renderMarkdown('[x](/contact)')).not.toContain('rel=');
  });
});

describe('plainExcerpt', () => {
  it('gives plain text without Markdown marks, cut at a word with an ellipsis', () => {
    expect(plainExcerpt('## Title\n\nSome **bold** and [a link](/x).')).toBe('Some bold and a link.');
    const long = plainExcerpt('word '.repeat(100), 20);
    expect(long.length).toBeLessThanOrEqual(20);
    expect(long.endsWith('…')).toBe(true);
  });
});
