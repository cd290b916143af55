// The signed copy's incremental update (decision 073): the signed pages are the file's exact first
// bytes (so `head -c N | sha256sum` gives the printed hash), and the whole file opens as the original
// pages, the signature page and the certificate page — in pdf-lib and in qpdf, an independent parser.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { pdfText } from '#server/test/pdf-text.ts';
import { sha256Hex, signPdf, type SignatureFacts } from './pdf-sign.ts';

/** qpdf where installed (.ci/run installs it): an independent reader of the file's structure. */
const qpdf = (() => {
  try {
    execFileSync('qpdf', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

async function original(pages: number, objectStreams: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([612, 792]).drawText(`Contract page ${i}`, { x: 50, y: 700, size: 14, font });
  return doc.save({ useObjectStreams: objectStreams });
}

const facts = (over: Partial<SignatureFacts> = {}): SignatureFacts => ({
  documentName: 'Contract.pdf',
  agencyName: 'Prefix Agency',
  signer: { name: 'Pat Prefix', email: 'pat@example.com' },
  signature: { kind: 'typed', text: 'Pat Prefix' },
  consent: 'I agree.',
  signedAt: new Date('2026-11-26T12:00:00Z'),
  ip: '203.0.113.9',
  userAgent: 'test',
  requestId: '00000000-0000-4000-8000-000000000001',
  requestedAt: new Date('2026-11-20T09:00:00Z'),
  ...over,
});

/** A 1 × 1 RGBA PNG: a drawn signature (an image and its soft mask in the signed pages). */
const PNG = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));

/** The byte count the certificate prints ("the first N bytes of this file"). */
const printedLength = (text: string) => Number(/the first (\d+) bytes of this file/.exec(text)![1]);

describe('the signed copy', () => {
  for (const objectStreams of [false, true]) {
    it(`keeps the signed pages as its exact first bytes and opens with all pages (original saved with${objectStreams ? '' : 'out'} object streams)`, async () => {
      const input = await original(2, objectStreams);
      const { bytes, originalSha256, signedSha256 } = await signPdf(input, facts());
      expect(originalSha256).toBe(sha256Hex(input));
      const text = await pdfText(bytes);
      const n = printedLength(text);
      expect(n).toBeLessThan(bytes.length);
      expect(sha256Hex(bytes.subarray(0, n))).toBe(signedSha256);
      expect(text).toContain(signedSha256);
      expect(text).toContain(originalSha256);

      // the first N bytes are a whole PDF of their own: the signed document before its certificate
      const head = await PDFDocument.load(bytes.subarray(0, n));
      expect(head.getPageCount()).toBe(3);
      expect(await pdfText(bytes.subarray(0, n))).not.toContain('SIGNATURE CERTIFICATE');
      const whole = await PDFDocument.load(bytes);
      expect(whole.getPageCount()).toBe(4);
      // an update section after the first one: its trailer points back to the signed pages' xref
      const tail = Buffer.from(bytes.subarray(n)).toString('latin1');
      expect(tail).toMatch(/\/Prev \d+/);
      expect(tail.trimEnd().endsWith('%%EOF')).toBe(true);
    });
  }

  it.skipIf(!qpdf)('opens in qpdf, an independent parser, without errors and with every page', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-sign-'));
    try {
      const { bytes } = await signPdf(await original(1, false), facts({ signature: { kind: 'drawn', png: PNG } }));
      const file = path.join(dir, 'signed.pdf');
      writeFileSync(file, bytes);
      const check = execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });
      expect(check).toContain('No syntax or stream encoding errors found');
      expect(execFileSync('qpdf', ['--show-npages', file], { encoding: 'utf8' }).trim()).toBe('3');
      // qpdf sees the update: the last xref's trailer names the earlier one
      expect(execFileSync('qpdf', ['--show-xref', file], { encoding: 'utf8' })).toMatch(/uncompressed; offset = \d+/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
