// An incremental update (PDF 32000-1 §7.5.6) written with pdf-lib's objects: the changes to a PDF
// are appended after its last byte (new and changed objects, an xref section, a trailer with /Prev),
// so the file's first bytes stay exactly the earlier file. The signature certificate relies on it:
// the signed SHA-256 it prints is the hash of those first bytes, which anyone can check by cutting
// the file at the length the certificate gives. pdf-lib itself only writes whole files.
import { PDFDocument, type PDFObject, type PDFRef } from 'pdf-lib';

const latin1 = (s: string) => Buffer.from(s, 'latin1');

function bytesOf(obj: PDFObject): Uint8Array {
  const out = new Uint8Array(obj.sizeInBytes());
  obj.copyBytesInto(out, 0);
  return out;
}

/** The offset of the last cross-reference section (the number after the last `startxref`). */
function lastXref(pdf: Uint8Array): number {
  const tail = Buffer.from(pdf.subarray(Math.max(0, pdf.length - 1024))).toString('latin1');
  const m = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!m) throw new Error('no startxref at the end of the file');
  return Number(m[1]);
}

/** `base` unchanged, followed by what `change` did to it; the result opens as the changed document. */
export async function appendIncrementally(base: Uint8Array, change: (doc: PDFDocument) => Promise<void>): Promise<Uint8Array> {
  const prev = lastXref(base);
  const doc = await PDFDocument.load(base, { updateMetadata: false });
  const before = new Map<string, Buffer>();
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) before.set(ref.tag, Buffer.from(bytesOf(obj)));
  await change(doc);
  await doc.flush();

  const parts: Uint8Array[] = [base, latin1('\n')];
  let offset = base.length + 1;
  const entries: { ref: PDFRef; offset: number }[] = [];
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
    const body = bytesOf(obj);
    const old = before.get(ref.tag);
    if (old && old.equals(body)) continue;
    const chunk = Buffer.concat([latin1(`${ref.objectNumber} ${ref.generationNumber} obj\n`), body, latin1('\nendobj\n')]);
    entries.push({ ref, offset });
    parts.push(chunk);
    offset += chunk.length;
  }
  let xref = 'xref\n0 1\n0000000000 65535 f \n';
  for (const e of entries) xref += `${e.ref.objectNumber} 1\n${String(e.offset).padStart(10, '0')} ${String(e.ref.generationNumber).padStart(5, '0')} n \n`;
  const { Root, Info } = doc.context.trailerInfo;
  if (!Root) throw new Error('no /Root in the trailer');
  const trailer = `trailer\n<< /Size ${doc.context.largestObjectNumber + 1} /Root ${Root.toString()}${Info ? ` /Info ${Info.toString()}` : ''} /Prev ${prev} >>\nstartxref\n${offset}\n%%EOF\n`;
  parts.push(latin1(xref + trailer));
  return Buffer.concat(parts);
}
