import { describe, expect, it } from 'vitest';
import { CSV_TEXT, csvLine, unescapeFormula } from '#shared/csv.ts';
import { CsvError, detectDelimiter, parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks, and counts lines', () => {
    const { rows, lines } = parseCsv('a,b\r\n"x, y","say ""hi"""\r\n"multi\nline",z\r\n\r\nlast,row');
    expect(rows).toEqual([['a', 'b'], ['x, y', 'say "hi"'], ['multi\nline', 'z'], ['last', 'row']]);
    expect(lines).toEqual([1, 2, 3, 6]);
  });

  it('accepts LF, CR and CRLF line ends and a byte-order mark', () => {
    for (const text of ['\uFEFFa;b\n1;2\n', 'a;b\r1;2\r', 'a;b\r\n1;2']) expect(parseCsv(text).rows).toEqual([['a', 'b'], ['1', '2']]);
  });

  it('detects comma, semicolon or tab from the header line, ignoring quoted ones', () => {
    expect(detectDelimiter('"a,b";c;d\n')).toBe(';');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    expect(detectDelimiter('single')).toBe(',');
  });

  it('refuses an unclosed quote and an empty file with readable messages', () => {
    expect(() => parseCsv('a,b\n1,2\n"open,3\n4,5')).toThrow(new CsvError(CSV_TEXT.unclosedQuote(3)));
    expect(() => parseCsv('\uFEFF \r\n')).toThrow(CSV_TEXT.empty);
  });
});

describe('formula escaping round trip', () => {
  it('reads back what csvLine wrote, with the export’s apostrophe removed', () => {
    const values = ['=SUM(A1)', '+1 555 0100', '-5', '@user', 'plain, "quoted"', "'kept"];
    const [row] = parseCsv(csvLine(values)).rows;
    expect(row.map(unescapeFormula)).toEqual(values);
  });
});
