// Reading CSV for imports with csv-parse (RFC 4180 plus what spreadsheets write): a byte-order mark,
// CRLF, LF or CR line ends, quoted fields with doubled quotes, and a comma, semicolon or tab between
// fields (the one the header line uses most). Rows keep their 1-based line numbers for the preview.
import { parse } from 'csv-parse/sync';
import { CSV_TEXT } from '#shared/csv.ts';

export class CsvError extends Error {}

const DELIMITERS = [',', ';', '\t'] as const;

/** The delimiter used most in the first line (outside quotes); a comma when none is used. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

const LINE_BREAK = /\r\n|\r|\n/g;
const lineBreaks = (text: string) => text.match(LINE_BREAK)?.length ?? 0;

/**
 * Rows of fields with the line each starts on; blank lines are skipped. Each record's line is read
 * from csv-parse's `on_record` context, which is dropped at once: its `info: true` option kept a copy
 * of that context (a dozen fields) beside every record until the end of the parse, tripling what a
 * 10,000-line statement allocated (issue 31: the preview's memory growth).
 */
export function parseCsv(input: string): { rows: string[][]; lines: number[] } {
  // one line end throughout: csv-parse takes the first line's end as every record's, so a file whose
  // header ends in LF and whose rows end in CRLF kept a '\r' at the end of each row's last field, and
  // it counted a CRLF inside a quoted field as two lines (the rows after it were numbered too far on)
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (text.trim() === '') throw new CsvError(CSV_TEXT.empty);
  const lines: number[] = [];
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (record: string[], context: { lines: number }) => {
        if (record.length === 1 && record[0].trim() === '') return null;
        // context.lines is the line the record ends on; only its quoted fields can hold line breaks
        let breaks = 0;
        for (const field of record) if (field.includes('\n')) breaks += lineBreaks(field);
        lines.push(context.lines - breaks);
        return record;
      },
    }) as unknown as string[][];
  } catch (err) {
    const e = err as { code?: string; bytes_records?: number };
    if (e.code === 'CSV_QUOTE_NOT_CLOSED') throw new CsvError(CSV_TEXT.unclosedQuote(openRecordLine(text, e.bytes_records ?? 0)));
    throw new CsvError(CSV_TEXT.unreadable);
  }
  if (rows.length === 0) throw new CsvError(CSV_TEXT.empty);
  return { rows, lines };
}

/** The line of the record left open: the first non-blank line after the last complete record. */
function openRecordLine(text: string, bytesRead: number): number {
  const done = Buffer.from(text, 'utf8').subarray(0, bytesRead).toString('utf8');
  const rest = text.slice(done.length);
  const blank = /^(?:[ \t]*(?:\r\n|\r|\n))*/.exec(rest)?.[0] ?? '';
  return 1 + lineBreaks(done) + lineBreaks(blank);
}
