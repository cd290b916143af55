// The agency logo: PNG, JPEG or SVG by its bytes (never its name), at most 1 MB, and always stored
// as a PNG the server drew itself. An SVG is a document that can carry scripts and links, so it is
// made inert twice: its scripts and external references are stripped, then it is rasterised (librsvg
// in sharp, which loads no external resource; verified by branding.test.ts against a local server).
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import sharp from 'sharp';
import { BRANDING_TEXT, LOGO_MAX_BYTES, LOGO_MAX_HEIGHT, LOGO_MAX_WIDTH } from '#shared/branding.ts';
import type { FileContentType } from '#shared/files.ts';
import type { AppEnv } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import type { UploadRules } from '#server/files.ts';
import { detectFileType } from '#server/platform/file-type.ts';
import { readUploadForm } from '#server/platform/upload-form.ts';

export const LOGO_TYPES: readonly FileContentType[] = ['image/png', 'image/jpeg', 'image/svg+xml'];

/** Whether the text is an SVG document: its first element (after a declaration, comments, a doctype) is <svg>. */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 4096));
  } catch {
    return false;
  }
  const head = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[\s\S]*?\?>/, '')
    .replace(/^(\s*<!--[\s\S]*?-->)+/, '')
    .replace(/^\s*<!DOCTYPE\s+svg[^>]*>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)+/, '')
    .trimStart();
  return /^<svg[\s>]/.test(head);
}

/**
 * PNG and JPEG by the platform's detector, SVG by its root element (an SVG is text: file-type answers
 * nothing for it, or application/xml after an XML declaration); anything else (an HTML page named
 * .png) is null.
 */
export async function sniffLogo(bytes: Uint8Array): Promise<FileContentType | null> {
  const found = await detectFileType(bytes);
  if (found === 'image/png' || found === 'image/jpeg') return found;
  return looksLikeSvg(bytes) ? 'image/svg+xml' : null;
}

const LOGO_RULES: UploadRules = {
  field: 'logo',
  types: LOGO_TYPES,
  maxBytes: LOGO_MAX_BYTES,
  maxFiles: 1,
  sniff: (bytes) => sniffLogo(bytes),
  text: {
    invalidFile: BRANDING_TEXT.logoInvalid,
    tooLarge: BRANDING_TEXT.logoTooLarge,
    receipt: BRANDING_TEXT.logoRequired,
    tooManyFiles: BRANDING_TEXT.logoRequired,
  },
};

export async function readLogo(c: Context<AppEnv>): Promise<{ bytes: Uint8Array; contentType: FileContentType }> {
  const { uploads } = await readUploadForm(c, { fields: [], rules: LOGO_RULES, check: () => null });
  // typed by file-type on the whole bytes (sniffLogo); a PNG signature followed by garbage is refused by sharp below
  return uploads[0];
}

const invalidLogo = (message: string) => new AppError(400, 'INVALID_FILE_TYPE', message, { logo: message });

/**
 * Removes what could act or reach out: scripts, foreignObject (embedded HTML), event handlers,
 * entity declarations, @import, and every href or url() that is not a same-document '#id'.
 */
export function stripSvg(svg: string): string {
  return svg
    .replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/gi, '')
    .replace(/<script\b[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<script\b[^>]*\/>/gi, '')
    .replace(/<foreignObject\b[\s\S]*?<\/foreignObject\s*>/gi, '')
    .replace(/\son[a-z]+\s*=\s*("[^"]*"|'[^']*')/gi, '')
    .replace(/\s(xlink:)?href\s*=\s*("(?!#)[^"]*"|'(?!#)[^']*')/gi, '')
    .replace(/@import[^;]*;?/gi, '')
    .replace(/url\(\s*(['"]?)(?!#)[^)]*\)/gi, 'none');
}

/** The logo as a PNG that fits LOGO_MAX_WIDTH × LOGO_MAX_HEIGHT, with its content hash. */
export async function rasteriseLogo(bytes: Uint8Array, contentType: FileContentType): Promise<{ png: Buffer; hash: string }> {
  try {
    let input: Buffer = Buffer.from(bytes);
    let density: number | undefined;
    if (contentType === 'image/svg+xml') {
      input = Buffer.from(stripSvg(input.toString('utf8')), 'utf8');
      // draw the vector at the size it is shown, not at its nominal 72 dpi size and then blown up
      const meta = await sharp(input, { limitInputPixels: 25_000_000 }).metadata();
      const scale = Math.min(LOGO_MAX_WIDTH / (meta.width || LOGO_MAX_WIDTH), LOGO_MAX_HEIGHT / (meta.height || LOGO_MAX_HEIGHT));
      density = Math.max(1, Math.min(72 * scale, 2400));
    }
    const png = await sharp(input, { limitInputPixels: 25_000_000, ...(density ? { density } : {}) })
      .rotate()
      .resize({ width: LOGO_MAX_WIDTH, height: LOGO_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .png()
      .timeout({ seconds: 10 })
      .toBuffer();
    return { png, hash: createHash('sha256').update(png).digest('hex').slice(0, 32) };
  } catch {
    throw invalidLogo(BRANDING_TEXT.logoUnreadable);
  }
}
