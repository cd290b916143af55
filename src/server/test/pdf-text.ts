// The text drawn on a PDF's pages, for the API tests and journeys that check a generated PDF (ID cards, evidence of
// insurance): each content stream inflated, its hex-string text operators decoded (pdf-lib writes
// standard-font text that way). A real PDF or it throws: pdf-lib parses it first.
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';

export async function pdfText(bytes: Uint8Array): Promise<string> {
  await PDFDocument.load(bytes);
  const raw = Buffer.from(bytes).toString('latin1');
  let out = '';
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      content = m[1];
    }
    for (const h of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out += `${Buffer.from(h[1], 'hex').toString('latin1')}\n`;
  }
  return out;
}
