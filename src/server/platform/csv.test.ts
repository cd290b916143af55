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

  it('reads a file whose header ends in LF and whose rows end in CRLF: no carriage return left in a field, lines counted', () => {
    const { rows, lines } = parseCsv('number,premium,type\nA-1,1,New\r\nA-2,"2\r\n3",Renewal\r\nA-3,4,New\r\nA-4,5,New\r\n');
    expect(rows).toEqual([['number', 'premium', 'type'], ['A-1', '1', 'New'], ['A-2', '2\n3', 'Renewal'], ['A-3', '4', 'New'], ['A-4', '5', 'New']]);
    expect(lines).toEqual([1, 2, 3, 5, 6]);
  });

  it('counts a CRLF inside a quoted field as one line', () => {
    const { rows, lines } = parseCsv('a,b\r\n"two\r\nlines",x\r\nnext,y\r\n');
    expect(rows).toEqual([['a', 'b'], ['two\nlines', 'x'], ['next', 'y']]);
    expect(lines).toEqual([1, 2, 4]);
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
