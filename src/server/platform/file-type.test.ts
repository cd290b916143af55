// The one detector (decision 045): file-type's answers, and a zip typed by its central directory
// whatever file-type calls the container, so the accepted Office types are those of before.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DOCX, XLSX } from '#shared/documents.ts';
import { detectFileType } from './file-type.ts';

const xml = strToU8('<?xml version="1.0"?><x/>');
const contentTypes = (main: string) => strToU8(`<?xml version="1.0"?><Types><Override PartName="/x" ContentType="${main}.main+xml"/></Types>`);

describe('detectFileType', () => {
  it('types an Office file by its directory, a macro-enabled one too, and any other zip as a zip', async () => {
    expect(await detectFileType(zipSync({ '[Content_Types].xml': xml, 'word/document.xml': xml }))).toBe(DOCX);
    expect(await detectFileType(zipSync({ '[Content_Types].xml': xml, 'xl/workbook.xml': xml }))).toBe(XLSX);
    // file-type: application/vnd.ms-word.document.macroenabled.12 and …ms-excel.sheet.macroenabled.12
    expect(await detectFileType(zipSync({ '[Content_Types].xml': contentTypes('application/vnd.ms-word.document.macroEnabled'), 'word/document.xml': xml }))).toBe(DOCX);
    expect(await detectFileType(zipSync({ '[Content_Types].xml': contentTypes('application/vnd.ms-excel.sheet.macroEnabled'), 'xl/workbook.xml': xml }))).toBe(XLSX);
    // file-type: application/vnd.oasis.opendocument.text, application/java-archive
    expect(await detectFileType(zipSync({ mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 }], 'content.xml': xml }))).toBe('application/zip');
    expect(await detectFileType(zipSync({ 'META-INF/MANIFEST.MF': xml }))).toBe('application/zip');
  });

  it('refuses a zip whose directory promises too much, before inflating anything', async () => {
    const big = zipSync({ '[Content_Types].xml': xml, 'xl/workbook.xml': new Uint8Array(3 * 1024 * 1024) });
    expect(await detectFileType(big, { zipLimits: { maxEntries: 10, maxTotalBytes: 1024 * 1024, maxRatio: 200 } })).toBe('zip-bomb');
  });

  it('answers null for text, which has no magic number', async () => {
    expect(await detectFileType(strToU8('name,email\nA,a@example.com\n'))).toBeNull();
  });
});
