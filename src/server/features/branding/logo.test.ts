// The logo's content checks and the SVG strip that runs before rasterising (defence in depth:
// librsvg loads nothing external anyway, see branding.test.ts).
import { describe, expect, it } from 'vitest';
import { looksLikeSvg, sniffLogo, stripSvg } from './logo.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('logo content', () => {
  it('recognises an SVG by its root element, after a declaration, comments and a doctype', async () => {
    expect(looksLikeSvg(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(true);
    expect(looksLikeSvg(bytes('\uFEFF<?xml version="1.0"?>\n<!-- logo --><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg>'))).toBe(true);
    expect(await sniffLogo(bytes('<svg width="1"></svg>'))).toBe('image/svg+xml');
  });

  it('refuses HTML (even with an svg inside), text and other image types', async () => {
    expect(await sniffLogo(bytes('<!doctype html><html><body><svg></svg></body></html>'))).toBeNull();
    expect(await sniffLogo(bytes('<html><script>alert(1)</script>'))).toBeNull();
    expect(await sniffLogo(bytes('<svgx>'))).toBeNull();
    expect(await sniffLogo(bytes('GIF89a......'))).toBeNull();
    expect(await sniffLogo(new Uint8Array([0xff, 0xfe, 0x00, 0xd8]))).toBeNull();
  });

  it('strips scripts, handlers, foreignObject, entities, @import and external references; keeps #ids', () => {
    const out = stripSvg(`<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><style>@import url(http://evil.test/a.css); .a{fill:url(http://evil.test/#g)}</style>
<script type="text/javascript">alert(1)</script><script href="http://evil.test/x.js"/>
<foreignObject><iframe src="http://evil.test"/></foreignObject>
<image href="http://evil.test/i.png"/><image xlink:href='file:///etc/passwd'/><use href="#shape"/><rect fill="url(#grad)"/></svg>`);
    expect(out).not.toMatch(/script|onload|foreignObject|ENTITY|@import|evil\.test|file:/i);
    expect(out).toContain('<use href="#shape"/>');
    expect(out).toContain('fill="url(#grad)"');
  });
});
