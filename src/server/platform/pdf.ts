// Generated documents (issue 32): the auto ID card and the evidence of property insurance, drawn on
// the server with pdf-lib (docs/decisions/057-pdf-lib-for-generated-documents.md) under the agency's
// letterhead. Not ACORD forms (those are licensed); they carry the same facts in our own layout.
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';

export interface Letterhead {
  name: string;
  /** #rrggbb */
  color: string;
  email: string | null;
  phone: string | null;
  /** PNG bytes of the agency's logo (white label), drawn beside its name */
  logoPng?: Uint8Array | null;
}

export interface CardFacts {
  letterhead: Letterhead;
  insured: { name: string; address: string | null };
  policy: { number: string; carrier: string; start: string; end: string; line: string };
  /** the line's details as the policy page shows them */
  details: { label: string; value: string }[];
  /** when the document was made (shown as "Issued") */
  issued: string;
}

/**
 * The standard fonts write WinAnsi only: any other character (a name in another script) becomes its
 * closest Latin letter or "?", instead of failing the whole document.
 */
export function pdfText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

function hexColor(hex: string) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return rgb(0.11, 0.31, 0.85);
  return rgb(parseInt(m[1], 16) / 255, parseInt(m[2], 16) / 255, parseInt(m[3], 16) / 255);
}

interface Pen {
  page: PDFPage;
  font: PDFFont;
  bold: PDFFont;
}

function text(pen: Pen, value: string, x: number, y: number, size = 10, bold = false, color = rgb(0.1, 0.1, 0.1), maxWidth?: number) {
  let line = pdfText(value);
  const font = bold ? pen.bold : pen.font;
  // a value too long for its box is cut rather than drawn over the border
  if (maxWidth) while (line.length > 1 && font.widthOfTextAtSize(line, size) > maxWidth) line = line.slice(0, -1);
  pen.page.drawText(line, { x, y, size, font, color });
}

async function letterhead(doc: PDFDocument, pen: Pen, lh: Letterhead, top: number, left: number, width: number): Promise<number> {
  const color = hexColor(lh.color);
  pen.page.drawRectangle({ x: left, y: top - 4, width, height: 4, color });
  let x = left;
  if (lh.logoPng?.length) {
    try {
      const logo = await doc.embedPng(lh.logoPng);
      const scaled = logo.scaleToFit(90, 32);
      pen.page.drawImage(logo, { x, y: top - 42, width: scaled.width, height: scaled.height });
      x += scaled.width + 10;
    } catch {
      // a logo that does not decode leaves the name alone: the document still carries the facts
    }
  }
  text(pen, lh.name, x, top - 26, 15, true, color, width - (x - left));
  const contact = [lh.phone, lh.email].filter(Boolean).join('  ·  ');
  if (contact) text(pen, contact, x, top - 40, 9, false, rgb(0.3, 0.3, 0.3), width - (x - left));
  return top - 56;
}

function rows(pen: Pen, items: { label: string; value: string }[], x: number, y: number, labelWidth: number, width: number, size = 10): number {
  for (const item of items) {
    text(pen, item.label, x, y, size - 1, false, rgb(0.35, 0.35, 0.35));
    text(pen, item.value, x + labelWidth, y, size, true, rgb(0.1, 0.1, 0.1), width - labelWidth);
    y -= size + 6;
  }
  return y;
}

async function begin() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, font, bold };
}

function finish(doc: PDFDocument, title: string, lh: Letterhead) {
  doc.setTitle(pdfText(title));
  doc.setAuthor(pdfText(lh.name));
  doc.setProducer('PolicyDesk');
  doc.setCreator('PolicyDesk');
  // fixed dates keep the bytes stable for the same facts (tests, caches); "Issued" is on the page
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  return doc.save({ useObjectStreams: false });
}

/** An auto ID card: two wallet-size cards (one to keep in the car) on a letter page. */
export async function autoIdCardPdf(facts: CardFacts): Promise<Uint8Array> {
  const { doc, font, bold } = await begin();
  const page = doc.addPage([612, 792]);
  const pen = { page, font, bold };
  const cardW = 360;
  const cardH = 300;
  const left = (612 - cardW) / 2;
  const vehicle = facts.details;
  for (const [i, top] of [750, 750 - cardH - 30].entries()) {
    page.drawRectangle({ x: left, y: top - cardH, width: cardW, height: cardH, borderColor: rgb(0.6, 0.6, 0.6), borderWidth: 1, borderDashArray: i ? [4, 3] : undefined });
    const y = await letterhead(doc, pen, facts.letterhead, top - 8, left + 12, cardW - 24);
    text(pen, 'AUTOMOBILE INSURANCE IDENTIFICATION CARD', left + 12, y, 10, true);
    rows(
      pen,
      [
        { label: 'Insured', value: facts.insured.name },
        { label: 'Policy number', value: facts.policy.number },
        { label: 'Insurance company', value: facts.policy.carrier },
        { label: 'Effective', value: `${facts.policy.start} to ${facts.policy.end}` },
        ...vehicle,
      ],
      left + 12,
      y - 18,
      110,
      cardW - 24,
      9,
    );
    text(pen, i ? 'Keep this card in the vehicle.' : `Issued ${facts.issued}. Not an ACORD form.`, left + 12, top - cardH + 10, 7, false, rgb(0.4, 0.4, 0.4));
  }
  return finish(doc, `ID card ${facts.policy.number}`, facts.letterhead);
}

/** Evidence of property insurance: who is insured, where, for how much, by whom, for when. */
export async function propertyEvidencePdf(facts: CardFacts & { amounts: { label: string; value: string }[] }): Promise<Uint8Array> {
  const { doc, font, bold } = await begin();
  const page = doc.addPage([612, 792]);
  const pen = { page, font, bold };
  let y = await letterhead(doc, pen, facts.letterhead, 760, 48, 516);
  text(pen, 'EVIDENCE OF PROPERTY INSURANCE', 48, y - 6, 16, true);
  y -= 34;
  text(pen, `Issued ${facts.issued}`, 48, y, 9, false, rgb(0.35, 0.35, 0.35));
  y -= 26;
  const section = (title: string, items: { label: string; value: string }[]) => {
    text(pen, title, 48, y, 11, true, hexColor(facts.letterhead.color));
    y -= 18;
    y = rows(pen, items, 48, y, 160, 516) - 10;
  };
  section('Named insured', [
    { label: 'Name', value: facts.insured.name },
    ...(facts.insured.address ? [{ label: 'Mailing address', value: facts.insured.address }] : []),
  ]);
  section('Policy', [
    { label: 'Policy number', value: facts.policy.number },
    { label: 'Insurance company', value: facts.policy.carrier },
    { label: 'Line', value: facts.policy.line },
    { label: 'Effective', value: facts.policy.start },
    { label: 'Expiration', value: facts.policy.end },
  ]);
  section('Property', facts.details);
  section('Coverage', facts.amounts);
  const note = [
    'This document is evidence that the insurance described above was in force on the date it was issued.',
    'It does not amend, extend or alter the coverage of the policy, whose terms govern.',
    'It is not an ACORD form.',
  ];
  for (const line of note) {
    text(pen, line, 48, y, 8, false, rgb(0.35, 0.35, 0.35));
    y -= 12;
  }
  return finish(doc, `Evidence of insurance ${facts.policy.number}`, facts.letterhead);
}
