// The signed copy of a PDF (issue 32, decision 057): the original's pages copied unchanged, a
// signature page (the signer's name and typed or drawn signature), and a certificate page with who
// signed, when, from where, and the SHA-256 of the original and of the signed pages. A file cannot
// hold its own hash, so the certificate page is appended to the signed pages as an incremental update
// (PDF 32000-1 §7.5.6, @cantoo/pdf-lib's `forIncrementalUpdate`, decision 073): the signed SHA-256 is
// the hash of the file's first bytes, whose length the certificate gives, and anyone can check it by
// cutting the file there.
import { createHash } from 'node:crypto';
import { PDFDocument, rgb, StandardFonts } from '@cantoo/pdf-lib';
import { pdfText } from './pdf.ts';

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface SignatureFacts {
  documentName: string;
  agencyName: string;
  signer: { name: string; email: string };
  /** the typed signature, or the drawn one's PNG bytes */
  signature: { kind: 'typed'; text: string } | { kind: 'drawn'; png: Uint8Array };
  consent: string;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  requestId: string;
  requestedAt: Date;
}

export class UnreadablePdf extends Error {}
export class UnreadableDrawing extends Error {}

/** A signature pad's canvas is 600 × 200; a few times that is still a signature, more is a decompression bomb. */
export const DRAWING_MAX = { width: 2400, height: 1200 };
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The drawn signature's PNG, checked before anything decodes it: the PNG signature and an IHDR
 * within DRAWING_MAX (a few kB of PNG can claim 30,000 × 30,000 pixels, which the decoder would
 * allocate at 4 bytes each).
 */
export function drawnPng(bytes: Uint8Array): Uint8Array {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length < 33 || !b.subarray(0, 8).equals(PNG_MAGIC) || b.toString('latin1', 12, 16) !== 'IHDR') throw new UnreadableDrawing('not a PNG');
  const width = b.readUInt32BE(16);
  const height = b.readUInt32BE(20);
  if (!width || !height || width > DRAWING_MAX.width || height > DRAWING_MAX.height) throw new UnreadableDrawing(`${width} x ${height} pixels`);
  return bytes;
}

/** A value as one line of WinAnsi: runs of white space collapse, so no value can lay out like another row. */
const oneLine = (value: string) => pdfText(value.replace(/\s+/g, ' ').trim());

const LETTER: [number, number] = [612, 792];

/** Wraps a long value (a hash, a user agent) over lines of at most `width` points. */
function wrap(value: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of pdfText(value)) {
    if (measure(line + ch) > width && line) {
      lines.push(line);
      line = '';
    }
    line += ch;
  }
  if (line) lines.push(line);
  return lines;
}

async function loadOriginal(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    if (doc.getPageCount() === 0) throw new UnreadablePdf('no pages');
    return doc;
  } catch (err) {
    throw err instanceof UnreadablePdf ? err : new UnreadablePdf(String(err));
  }
}

/** The signed copy and both hashes; throws UnreadablePdf when the original cannot be read. */
export async function signPdf(original: Uint8Array, facts: SignatureFacts): Promise<{ bytes: Uint8Array; originalSha256: string; signedSha256: string }> {
  const originalSha256 = sha256Hex(original);
  const source = await loadOriginal(original);
  const doc = await PDFDocument.create();
  for (const page of await doc.copyPages(source, source.getPageIndices())) doc.addPage(page);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const italic = await doc.embedFont(StandardFonts.HelveticaOblique);
  const grey = rgb(0.35, 0.35, 0.35);
  const when = facts.signedAt.toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

  // the signature page
  const sig = doc.addPage(LETTER);
  sig.drawText('ELECTRONIC SIGNATURE', { x: 48, y: 730, size: 16, font: bold });
  sig.drawText(oneLine(`Document: ${facts.documentName}`).slice(0, 90), { x: 48, y: 700, size: 10, font });
  sig.drawText(oneLine(`Sent for signature by ${facts.agencyName}`).slice(0, 90), { x: 48, y: 684, size: 10, font });
  let y = 640;
  for (const line of wrap(facts.consent, 516, (s) => font.widthOfTextAtSize(s, 10))) {
    sig.drawText(line, { x: 48, y, size: 10, font, color: grey });
    y -= 14;
  }
  y -= 30;
  if (facts.signature.kind === 'drawn') {
    let image;
    try {
      image = await doc.embedPng(drawnPng(facts.signature.png));
    } catch (err) {
      throw err instanceof UnreadableDrawing ? err : new UnreadableDrawing(String(err));
    }
    const scaled = image.scaleToFit(300, 100);
    sig.drawImage(image, { x: 48, y: y - scaled.height, width: scaled.width, height: scaled.height });
    y -= scaled.height + 8;
  } else {
    // at most the line's width: a long typed signature is cut, never drawn off the page
    let typed = oneLine(facts.signature.text);
    while (typed.length > 1 && italic.widthOfTextAtSize(typed, 28) > 516) typed = typed.slice(0, -1);
    sig.drawText(typed, { x: 48, y: y - 28, size: 28, font: italic });
    y -= 40;
  }
  sig.drawLine({ start: { x: 48, y }, end: { x: 348, y }, thickness: 0.8, color: grey });
  sig.drawText(oneLine(facts.signer.name).slice(0, 80), { x: 48, y: y - 16, size: 11, font: bold });
  sig.drawText(`Signed ${when}`, { x: 48, y: y - 30, size: 9, font, color: grey });

  doc.setTitle(pdfText(`${facts.documentName} (signed)`));
  doc.setProducer('PolicyDesk');
  doc.setCreator('PolicyDesk');
  doc.setCreationDate(facts.signedAt);
  doc.setModificationDate(facts.signedAt);
  const signedPages = await doc.save({ useObjectStreams: false });
  const signedSha256 = sha256Hex(signedPages);

  // the certificate page, appended to the signed pages as saved: loaded for an incremental update, the
  // document saves as `signedPages` unchanged followed by what changed
  const final = await PDFDocument.load(signedPages, { forIncrementalUpdate: true, updateMetadata: false });
  const fFont = await final.embedFont(StandardFonts.Helvetica);
  const fBold = await final.embedFont(StandardFonts.HelveticaBold);
  const cert = final.addPage(LETTER);
  cert.drawText('SIGNATURE CERTIFICATE', { x: 48, y: 730, size: 16, font: fBold });
  y = 700;
  // the hashes first: a value the signer chose (name, user agent) comes after them, so it cannot pose as one
  const rowsOf: [string, string][] = [
    ['Original SHA-256', originalSha256],
    ['Signed SHA-256', signedSha256],
    ['Signed bytes', `the first ${signedPages.length} bytes of this file`],
    ['Document', facts.documentName],
    ['Request', facts.requestId],
    ['Sent for signature', `${facts.requestedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC by ${facts.agencyName}`],
    ['Signer', facts.signer.name],
    ['E-mail', facts.signer.email],
    ['Signed at', when],
    ['IP address', facts.ip ?? 'unknown'],
    ['User agent', facts.userAgent ?? 'unknown'],
    ['Signature', facts.signature.kind === 'drawn' ? 'Drawn' : 'Typed'],
  ];
  for (const [label, value] of rowsOf) {
    cert.drawText(label, { x: 48, y, size: 9, font: fFont, color: grey });
    for (const line of wrap(oneLine(value), 380, (s) => fBold.widthOfTextAtSize(s, 9))) {
      cert.drawText(line, { x: 170, y, size: 9, font: fBold });
      y -= 13;
    }
    y -= 5;
  }
  y -= 10;
  const note = `The original SHA-256 is the hash of the document as it was sent for signature; it was not changed. The signed SHA-256 is the hash of the first ${signedPages.length} bytes of this file: the ${source.getPageCount() + 1}-page signed document (the original pages and the signature page) as it was before this certificate page was appended to it. Consent given: "${facts.consent}"`;
  for (const line of wrap(note, 516, (s) => fFont.widthOfTextAtSize(s, 8))) {
    cert.drawText(line, { x: 48, y, size: 8, font: fFont, color: grey });
    y -= 11;
  }
  const bytes = await final.save({ useObjectStreams: false });
  // the certificate's promise, kept by the library: had it rewritten the file, the printed hash would be wrong
  if (bytes.length <= signedPages.length || sha256Hex(bytes.subarray(0, signedPages.length)) !== signedSha256) throw new Error('the signed pages are not a prefix of the signed copy');
  return { bytes, originalSha256, signedSha256 };
}
