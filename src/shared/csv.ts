// Reading CSV for imports (RFC 4180 plus what spreadsheets write): a byte-order mark, CRLF, LF or
// CR line ends, quoted fields with doubled quotes, and a comma, semicolon or tab between fields.

export const CSV_TEXT = {
  empty: 'The file is empty.',
  unclosedQuote: (line: number) => `The file has an unclosed quote starting on line ${line}.`,
  noHeader: 'The first line must name the columns.',
} as const;

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

/** Rows of fields with their 1-based line numbers; blank lines are skipped. */
export function parseCsv(input: string): { rows: string[][]; lines: number[] } {
  const text = input.replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new CsvError(CSV_TEXT.empty);
  const delimiter = detectDelimiter(text);
  const rows: string[][] = [];
  const lines: number[] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let quoteLine = 0;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0].trim() !== '') {
      rows.push(row);
      lines.push(rowLine);
    }
    row = [];
    field = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line += 1;
        field += ch;
      }
    } else if (ch === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else field += ch;
  }
  if (quoted) throw new CsvError(CSV_TEXT.unclosedQuote(quoteLine));
  if (field !== '' || row.length) endRow();
  if (rows.length === 0) throw new CsvError(CSV_TEXT.empty);
  return { rows, lines };
}

/** Undoes the export's formula escaping ("'=x" → "=x"), so an exported book imports unchanged. */
export function unescapeFormula(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
