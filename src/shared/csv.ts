// CSV rules both sides share: the import's messages, and the one formula rule for every CSV the
// product writes (exports, reports, the audit log, failures files) and reads back (imports).

export const CSV_TEXT = {
  empty: 'The file is empty.',
  unclosedQuote: (line: number) => `The file has an unclosed quote starting on line ${line}.`,
  noHeader: 'The first line must name the columns.',
  unreadable: 'The file could not be read as CSV.',
} as const;

/** Undoes the export's formula escaping ("'=x" → "=x"), so an exported book imports unchanged. */
export function unescapeFormula(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a leading =, +, -, @ (or tab,
 * carriage return) that would make a spreadsheet run a formula is neutralised with an apostrophe
 * (plain numbers and phone numbers stay as they are).
 */
export function csvField(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text) && !/^[+-]?[\d\s().-]+$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: (string | null | undefined)[]): string {
  return values.map(csvField).join(',') + '\r\n';
}
