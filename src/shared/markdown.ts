// Markdown for CMS pages and blog posts, rendered the same way on the server (public pages) and in the
// browser (the editor's preview). Raw HTML is never passed through and only safe link schemes survive,
// so <script>, inline event handlers and javascript: links in stored text stay inert.
import MarkdownIt from 'markdown-it';

/** Links and images may point to the web, to mail, or to a path or anchor of this site. */
const SAFE_LINK = /^(https?:|mailto:|\/(?!\/)|#|\.{0,2}\/?[A-Za-z0-9_-])/i;

function createRenderer(): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: true });
  md.validateLink = (url) => {
    const trimmed = url.trim();
    // a scheme other than http(s)/mailto (javascript:, data:, vbscript:, file: …) is refused
    if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^(https?|mailto):/i.test(trimmed)) return false;
    return SAFE_LINK.test(trimmed);
  };
  const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  // Links that leave the site open without handing it the opener.
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const href = tokens[idx].attrGet('href') ?? '';
    if (/^https?:/i.test(href)) tokens[idx].attrSet('rel', 'noopener noreferrer nofollow');
    return defaultLinkOpen(tokens, idx, options, env, self);
  };
  return md;
}

let renderer: MarkdownIt | null = null;

/** Markdown → HTML that is safe to insert into the page. */
export function renderMarkdown(source: string): string {
  renderer ??= createRenderer();
  return renderer.render(source);
}

/** Plain text of the first paragraph, for meta descriptions when none is set. */
export function plainExcerpt(source: string, max = 160): string {
  const text = source
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#+\s.*$/gm, ' ')
    .replace(/[*_`>#|~-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
