// A real, minimal Excel workbook for tests (API and e2e): one sheet, strings in the shared strings
// table, numbers as they are written, date cells as serial numbers with a date style, as Excel saves them.
import { zipSync, strToU8 } from 'fflate';

/** A cell: text, a number (written exactly as given when a string of digits is wanted, see `raw`), a date cell or empty. */
export type TestCell = string | number | null | { date: string } | { raw: string } | { inline: string };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** yyyy-mm-dd → Excel's serial day number (1900 system). */
export function excelSerial(iso: string): number {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000) + 25_569;
}

function column(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export function sheetXml(rows: TestCell[][], strings: string[]): string {
  const index = new Map<string, number>();
  const body = rows
    .map((row, r) => {
      const cells = row
        .map((cell, c) => {
          const ref = `${column(c)}${r + 1}`;
          if (cell === null) return '';
          if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
          if (typeof cell === 'string') {
            if (!index.has(cell)) index.set(cell, strings.push(cell) - 1);
            return `<c r="${ref}" t="s"><v>${index.get(cell)}</v></c>`;
          }
          if ('date' in cell) return `<c r="${ref}" s="1"><v>${excelSerial(cell.date)}</v></c>`;
          if ('raw' in cell) return `<c r="${ref}" s="2"><v>${cell.raw}</v></c>`;
          return `<c r="${ref}" t="inlineStr"><is><t>${esc(cell.inline)}</t></is></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

/** The workbook's parts; `extra` adds or replaces entries (a zip bomb, a missing part). */
export function xlsxParts(rows: TestCell[][], extra: Record<string, Uint8Array> = {}): Record<string, Uint8Array> {
  const strings: string[] = [];
  const sheet = sheetXml(rows, strings);
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="Book" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${rel}/styles" Target="styles.xml"/>` +
        `<Relationship Id="rId3" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    // style 1: a date (built-in format 14, m/d/yyyy); style 2: money shown with two decimals (built-in format 2, 0.00)
    'xl/styles.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${ns}"><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="2" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    ),
    'xl/sharedStrings.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${ns}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t xml:space="preserve">${esc(s)}</t></si>`).join('')}</sst>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(sheet),
    ...extra,
  };
}

/** The .xlsx file of `rows` (the first row names the columns). */
export function xlsx(rows: TestCell[][], extra: Record<string, Uint8Array> = {}): Uint8Array {
  return zipSync(xlsxParts(rows, extra));
}
