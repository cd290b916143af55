// The text drawn on a PDF's pages, for the API tests and journeys that check a generated PDF (ID cards, evidence of
// insurance, a signed copy and its certificate): every stream object pdf-lib parsed (an incremental update's
// objects too), inflated when flate-encoded, its hex-string text operators decoded (pdf-lib writes
// standard-font text that way). A real PDF or it throws: pdf-lib parses it first.
// Streams are taken from the parsed objects, not found by a regex over the bytes: compressed data that
// happened to end in a CR, or a search that started at an `endstream`, lost a whole page's text now and then.
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib';

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  let out = '';
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    const data = Buffer.from(obj.contents);
    const flate = obj.dict.get(PDFName.of('Filter'))?.toString() === '/FlateDecode';
    let content: string;
    try {
      content = (flate ? inflateSync(data) : data).toString('latin1');
    } catch {
      continue;
    }
    for (const h of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out += `${Buffer.from(h[1], 'hex').toString('latin1')}\n`;
  }
  return out;
}
