// Excel (.xlsx) imports: what a file is, decided by its bytes only (never its name or declared type)
// through the platform's one detector, and the first sheet's cells read with read-excel-file after
// the zip has been checked for a bomb.
import { readSheet } from 'read-excel-file/node';
import { IMPORT_MAX_BYTES, IMPORT_TEXT, type SheetCell } from '#shared/imports.ts';
import { DOCX, XLSX } from '#shared/documents.ts';
import { UploadError, type UploadRules } from '#server/files.ts';
import { badRequest } from '#server/errors.ts';
import { detectFileType, inflatesWithin, ZIP_LIMITS, type ZipLimits } from '#server/platform/file-type.ts';

/**
 * What an import's workbook may unpack to: 64 MB of XML, about 95,000 rows of 15 columns (a CSV at
 * the 20 MB upload limit holds about 100,000). The sheet is read whole into memory (read-excel-file
 * has no streaming API), about 3.5 MB of heap per MB of XML measured (`npm run bench -- --only xlsx`),
 * so this, not the 20 MB upload limit, bounds an Excel import's memory: XML packs 10 to 100 times.
 */
export const XLSX_LIMITS: ZipLimits = { maxEntries: 1000, maxTotalBytes: 64 * 1024 * 1024, maxRatio: ZIP_LIMITS.maxRatio };

/** The parts read-excel-file inflates (it skips images and printer settings). */
const readParts = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');

/**
 * 'xlsx' for a zip holding an Excel workbook, 'text/csv' for text; an UploadError with the reason
 * for anything else (another zip such as a .docx, a zip bomb, an old .xls, binary bytes).
 */
export async function sniffImport(bytes: Uint8Array): Promise<'text/csv' | typeof XLSX> {
  const found = await detectFileType(bytes, { zipLimits: XLSX_LIMITS });
  if (found === 'zip-bomb') throw new UploadError('INVALID_FILE_TYPE', IMPORT_TEXT.zipBomb);
  if (found === XLSX) {
    // the directory's sizes can lie: the parts are inflated once, counted and dropped, before the reader keeps them
    if (!inflatesWithin(bytes, XLSX_LIMITS.maxTotalBytes, readParts)) throw new UploadError('INVALID_FILE_TYPE', IMPORT_TEXT.zipBomb);
    return XLSX;
  }
  if (found === 'application/zip' || found === DOCX) throw new UploadError('INVALID_FILE_TYPE', IMPORT_TEXT.notWorkbook);
  // the OLE2 compound file of Excel 97-2003
  if (found === 'application/x-cfb') throw new UploadError('INVALID_FILE_TYPE', IMPORT_TEXT.oldExcel);
  // text has no NUL bytes (a UTF-16 CSV is not read either); file-type's other answers are not
  // trusted for text: a CSV whose first cell is "solid …" or "ID3…" has a magic number too
  if (bytes.subarray(0, 64 * 1024).includes(0)) throw new UploadError('INVALID_FILE_TYPE', IMPORT_TEXT.notReadable);
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

/** One CSV or .xlsx book as an upload (the import, a carrier statement): what it is, decided by its bytes. */
export const SPREADSHEET_UPLOAD_RULES: UploadRules = {
  field: 'file',
  types: ['text/csv', XLSX],
  maxBytes: IMPORT_MAX_BYTES,
  maxFiles: 1,
  sniff: sniffImport,
  text: { invalidFile: IMPORT_TEXT.notReadable, tooLarge: IMPORT_TEXT.tooLarge, receipt: IMPORT_TEXT.noFile, empty: IMPORT_TEXT.noFile },
};
