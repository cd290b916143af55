// Excel (.xlsx) imports: what a file is, decided by its bytes only (never its name or declared type),
// and the first sheet's cells read with read-excel-file after the zip has been checked for a bomb.
import { readSheet } from 'read-excel-file/node';
import { IMPORT_TEXT, type SheetCell } from '#shared/imports.ts';
import { XLSX } from '#shared/documents.ts';
import { UploadError } from '#server/files.ts';
import { badRequest } from '#server/errors.ts';
import { inflatesWithin, officeType, ZIP_LIMITS, type ZipLimits } from '../documents/inspect.ts';

/**
 * What an import's workbook may unpack to: 64 MB of XML, about 95,000 rows of 15 columns (a CSV at
 * the 20 MB upload limit holds about 100,000). The sheet is read whole into memory (read-excel-file
 * has no streaming API), about 3.5 MB of heap per MB of XML measured (`npm run bench -- --only xlsx`),
 * so this, not the 20 MB upload limit, bounds an Excel import's memory: XML packs 10 to 100 times.
 */
export const XLSX_LIMITS: ZipLimits = { maxEntries: 1000, maxTotalBytes: 64 * 1024 * 1024, maxRatio: ZIP_LIMITS.maxRatio };

/** The parts read-excel-file inflates (it skips images and printer settings). */
const readParts = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');

const startsWith = (bytes: Uint8Array, sig: number[]) => sig.every((b, i) => bytes[i] === b);

/**
 * 'xlsx' for a zip holding an Excel workbook, 'text/csv' for text; an UploadError with the reason
 * for anything else (another zip such as a .docx, a zip bomb, an old .xls, binary bytes).
 */
export function sniffImport(bytes: Uint8Array): 'text/csv' | typeof XLSX {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const type = officeType(bytes, XLSX_LIMITS);
    if (type === 'bomb') throw new UploadError('INVALID_FILE_TYPE', IMPORT_TEXT.zipBomb);
    if (type !== XLSX) throw new UploadError('INVALID_FILE_TYPE', IMPORT_TEXT.notWorkbook);
    // the directory's sizes can lie: the parts are inflated once, counted and dropped, before the reader keeps them
    if (!inflatesWithin(bytes, XLSX_LIMITS.maxTotalBytes, readParts)) throw new UploadError('INVALID_FILE_TYPE', IMPORT_TEXT.zipBomb);
    return XLSX;
  }
  // the OLE2 compound file of Excel 97-2003
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) throw new UploadError('INVALID_FILE_TYPE', IMPORT_TEXT.oldExcel);
  // text has no NUL bytes (a UTF-16 CSV is not read either)
  if (bytes.subarray(0, 64 * 1024).includes(0) || startsWith(bytes, [0x50, 0x4b])) throw new UploadError('INVALID_FILE_TYPE', IMPORT_TEXT.notReadable);
  return 'text/csv';
}

/** The first sheet's rows (as read-excel-file reads them: row 1 is index 0), numbers kept as written. */
export async function readFirstSheet(bytes: Uint8Array): Promise<SheetCell[][]> {
  try {
    const rows = await readSheet<{ number: string }>(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 1, {
      // numbers as their text in the file, so money never passes through a float
      parseNumber: (text) => ({ number: text }),
      trim: false,
    });
    return rows as SheetCell[][];
  } catch {
    // InvalidInputError, InvalidSpreadsheetError, SheetNotFoundError or the XML parser's own errors
    throw badRequest(IMPORT_TEXT.damagedWorkbook, { file: IMPORT_TEXT.damagedWorkbook }, 'INVALID_XLSX');
  }
}
