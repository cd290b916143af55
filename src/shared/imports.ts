// Imports (issue 12): the fields a CSV or an Excel sheet maps onto, the automatic mapping by column
// name, the sheet's cells as the CSV's text, and each row's validation through the same schemas as
// the forms, so an import has no rules of its own.
import { z } from 'zod';
import { customerInputSchema } from './customers.ts';
import { policyInputSchema } from './policies.ts';
import { fieldErrors, safeText } from './validation.ts';
import { unescapeFormula } from './csv.ts';
import { POLICY_STATUSES } from './policy-status.ts';

/**
 * An exported status back to the agent's choice (issue 29): a term that was Active, Expired, Renewed,
 * Lost or Cancelled was bound, and its dates decide the rest again; anything else is checked as typed.
 */
function importedStatus(raw: string): string {
  const value = raw.toLowerCase();
  return value !== 'pending' && (POLICY_STATUSES as readonly string[]).includes(value) ? 'active' : value;
}
import { CUSTOMER_TEXT } from './customers.ts';
import { POLICY_TEXT } from './policies.ts';
import { DETAIL_COLUMNS, fieldsOf, LINES } from './lines/index.ts';

export const IMPORT_KINDS = ['customers', 'policies'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const DUPLICATE_MODES = ['skip', 'update'] as const;
export type DuplicateMode = (typeof DUPLICATE_MODES)[number];
export const IMPORT_STATUSES = ['running', 'done', 'stopped', 'failed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** 20 MB: a book of well over 100,000 rows; a larger file is refused before it is read. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const PREVIEW_ROWS = 20;
export const UNDO_HOURS = 24;

/** The `accept` hint of the file input (the server decides by the bytes). */
export const IMPORT_ACCEPT = '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const IMPORT_TEXT = {
  intro: 'A CSV or Excel (.xlsx) file of customers, or of policies with their customers (the export’s own files import as they are).',
  fileLabel: 'CSV or Excel file',
  fileHint: '.csv or .xlsx, 20 MB at most.',
  formats:
    'Accepted files: CSV (UTF-8; comma, semicolon or tab separated) or Excel .xlsx (the first sheet; its first row names the columns). Dates as yyyy-MM-dd, or Excel date cells. Money as a plain decimal (1234.50); Excel number cells are rounded to the cent they show. Old .xls files: save them as .xlsx or CSV first.',
  tooLarge: 'The file is too large (20 MB at most).',
  noFile: 'Please choose a CSV or Excel (.xlsx) file.',
  notReadable: 'This file is neither CSV text nor an Excel workbook. Please choose a CSV or Excel (.xlsx) file.',
  notWorkbook: 'This file is a zip archive but not an Excel workbook (.xlsx). Please choose a CSV or Excel (.xlsx) file.',
  oldExcel: 'Old Excel files (.xls) cannot be read. Please save the file as Excel (.xlsx) or CSV.',
  zipBomb: 'This Excel file is not accepted: its contents would unpack to an unsafe size.',
  damagedWorkbook: 'This Excel file could not be read (it may be damaged). Please save it again as .xlsx or CSV.',
  emptySheet: 'The first sheet of this Excel file is empty.',
  missingFields: (labels: string[]) => `Please map a column to: ${labels.join(', ')}.`,
  busy: 'Another import is running in this agency. Please wait for it to finish.',
  notFound: 'Import not found.',
  undoExpired: 'This import can no longer be undone (24 hours have passed).',
  notUndoable: 'Only a finished import can be undone.',
  undone: 'Import undone.',
  interrupted: 'The import was interrupted (the server stopped). The rows listed as imported were kept.',
  // issue 30: what the preview says of each row, why a row was skipped, and the failures file's added columns
  willImport: 'OK — will be imported',
  willSkip: 'Duplicate — will be skipped',
  willUpdate: 'Duplicate — will update the existing record',
  willFail: 'Error — will be listed as failed',
  existingCustomer: CUSTOMER_TEXT.duplicate,
  existingPolicy: POLICY_TEXT.duplicateNumber,
  sameAsRow: (row: number) => `Same as row ${row} of this file.`,
  skipped: (reason: string) => `Skipped as a duplicate: ${reason}`,
  previewSummary: (total: number) => `${total.toLocaleString('en-US')} ${total === 1 ? 'row' : 'rows'} in the file:`,
  summaryImport: (n: number) => `${n.toLocaleString('en-US')} will be imported`,
  summaryUpdate: (n: number) => `${n.toLocaleString('en-US')} will update existing records`,
  summarySkip: (n: number) => `${n.toLocaleString('en-US')} will be skipped as duplicates`,
  summaryFail: (n: number) => `${n.toLocaleString('en-US')} will fail (errors)`,
  /** The run button counts what will be written, never the rows that will be skipped or fail. */
  runButton: ({ import: create, update }: { import: number; update: number }) => {
    const rows = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;
    if (create && update) return `Import ${rows(create)} and update ${update.toLocaleString('en-US')}`;
    if (create) return `Import ${rows(create)}`;
    if (update) return `Update ${update.toLocaleString('en-US')} existing ${update === 1 ? 'record' : 'records'}`;
    return 'Nothing to import';
  },
  previewShown: (shown: number, total: number) => `Showing the first ${shown} of ${total.toLocaleString('en-US')} rows.`,
  problemsTitle: (n: number) => `Skipped and failed rows (${n.toLocaleString('en-US')})`,
  problemsMore: (n: number) => `and ${n.toLocaleString('en-US')} more in the downloaded file.`,
  outcomeSkipped: 'Skipped',
  outcomeFailed: 'Failed',
  downloadProblems: 'Download skipped and failed rows (CSV)',
  downloadHint: 'The file repeats each row as uploaded with its reason: fix the rows and import the file again.',
  rowColumn: 'Row',
  outcomeColumn: 'Outcome',
  errorColumn: 'Error',
} as const;

interface FieldSpec {
  key: string;
  label: string;
  required?: boolean;
  /** how an Excel cell becomes the field's text: a date as yyyy-mm-dd, money rounded to cents */
  cell?: 'date' | 'money';
  /** other column names that mean this field (normalised: lower case, letters and digits only) */
  aliases?: string[];
}

const f = (key: string, label: string, opts: Omit<FieldSpec, 'key' | 'label'> = {}): FieldSpec => ({ key, label, ...opts });

export const IMPORT_FIELDS: Record<ImportKind, FieldSpec[]> = {
  customers: [
    f('name', 'Full Name', { required: true, aliases: ['fullname', 'customer', 'customername', 'client', 'clientname'] }),
    f('email', 'Email', { required: true, aliases: ['emailaddress', 'mail', 'customeremail'] }),
    f('phone', 'Phone', { aliases: ['phonenumber', 'telephone', 'mobile'] }),
    f('customer_type', 'Type', { aliases: ['type'] }),
    f('address', 'Address', { aliases: ['street'] }),
    f('city', 'City'),
    f('postal_code', 'Postal Code', { aliases: ['zip', 'zipcode', 'postcode'] }),
    f('date_of_birth', 'Date of Birth', { cell: 'date', aliases: ['dob', 'birthdate', 'birthday'] }),
    f('notes', 'Notes'),
  ],
  policies: [
    f('policy_number', 'Policy Number', { required: true, aliases: ['policy', 'policyno'] }),
    f('policy_type', 'Policy Type', { required: true, aliases: ['type'] }),
    f('insurance_company', 'Insurance Company', { required: true, aliases: ['carrier', 'company', 'insurer'] }),
    f('customer_name', 'Customer Name', { required: true, aliases: ['customer', 'name', 'client'] }),
    f('customer_email', 'Customer Email', { required: true, aliases: ['email'] }),
    f('customer_phone', 'Customer Phone', { aliases: ['phone'] }),
    f('premium_amount', 'Premium Amount', { required: true, cell: 'money', aliases: ['premium'] }),
    f('coverage_amount', 'Coverage Amount', { required: true, cell: 'money', aliases: ['coverage'] }),
    f('deductible', 'Deductible', { required: true, cell: 'money' }),
    f('start_date', 'Start Date', { required: true, cell: 'date', aliases: ['start', 'effectivedate'] }),
    // a book with 6-month or other terms keeps them (decision 053); without the column a term is 12 months
    f('end_date', 'End Date', { cell: 'date', aliases: ['end', 'expirationdate', 'expiration', 'expiry', 'expirydate'] }),
    f('status', 'Status'),
    // every line's details columns, from the registry (car's and fire's first, as the spec's)
    ...DETAIL_COLUMNS.map((c) => f(c.key, c.label, { cell: c.meta.kind === 'money' ? 'money' : undefined, aliases: c.meta.aliases })),
  ],
};

const DETAIL_KEYS = new Set(DETAIL_COLUMNS.map((c) => c.key));

/** field key → column index, or null when no column feeds it */
export type ImportMapping = Record<string, number | null>;

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Columns matched to fields by name (the field's key, its label or an alias); each column used once. */
export function autoMap(kind: ImportKind, headers: string[]): ImportMapping {
  const names = headers.map(normalise);
  const used = new Set<number>();
  const mapping: ImportMapping = {};
  // exact keys and labels first, so "customer_email" wins over the alias "email"
  for (const pass of ['exact', 'alias'] as const) {
    for (const field of IMPORT_FIELDS[kind]) {
      if (mapping[field.key] != null) continue;
      const wanted = pass === 'exact' ? [normalise(field.key), normalise(field.label)] : (field.aliases ?? []);
      const index = names.findIndex((n, i) => !used.has(i) && wanted.includes(n));
      if (index >= 0) {
        mapping[field.key] = index;
        used.add(index);
      } else mapping[field.key] ??= null;
    }
  }
  return mapping;
}

export function missingRequired(kind: ImportKind, mapping: ImportMapping): string[] {
  return IMPORT_FIELDS[kind].filter((field) => field.required && mapping[field.key] == null).map((field) => field.label);
}

function typeFromCell(text: string): string {
  const wanted = text.toLowerCase();
  return LINES.find((l) => l.label.toLowerCase() === wanted)?.id ?? wanted;
}

/** One CSV row as the body the form would send (policies carry their details nested). */
export function rowRecord(kind: ImportKind, mapping: ImportMapping, row: string[]): Record<string, unknown> {
  const flat: Record<string, string> = {};
  for (const field of IMPORT_FIELDS[kind]) {
    const index = mapping[field.key];
    // an empty cell is a value not given, as an untouched form field (defaults then apply)
    if (index != null && index < row.length && row[index].trim() !== '') flat[field.key] = unescapeFormula(row[index].trim());
  }
  if (kind === 'customers') return flat;
  // each line's details from its own columns; a list (beneficiaries, linked policies) is one cell
  const pick = (line: (typeof LINES)[number]) =>
    Object.fromEntries(fieldsOf(line.fields).filter(({ key }) => key in flat).map(({ key, meta }) => [key, meta.cell ? meta.cell.parse(flat[key]) : flat[key]]));
  const rest = Object.fromEntries(Object.entries(flat).filter(([k]) => !DETAIL_KEYS.has(k)));
  return {
    ...rest,
    // a line's id or its label ("Commercial General Liability" is cgl)
    policy_type: typeFromCell(flat.policy_type ?? ''),
    status: flat.status ? importedStatus(flat.status) : undefined,
    // an end date given is the term's end, checked by the same rule as the form's custom term
    term: flat.end_date ? 'custom' : undefined,
    ...Object.fromEntries(LINES.map((line) => [`${line.id}_details`, pick(line)])),
  };
}

/**
 * One Excel cell as read by the workbook reader: text, a number as written in the file (never through
 * a float, so 0.1 + 0.2 stays "0.30000000000000004" until it is rounded here), a date cell, a
 * true/false cell, or empty.
 */
export type SheetCell = string | { number: string } | Date | boolean | null;

/** Excel's serial day numbers (1900 system): 1 is 1900-01-01; 60 is the 29 February 1900 Excel invents. */
const SERIAL_UNIX_EPOCH = 25_569;
const MAX_SERIAL = 2_958_465; // 9999-12-31

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A plain decimal string of `text` (which may carry an exponent), exact: "1.5E-3" → "0.0015". */
function plainDecimal(text: string): string | null {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!m || (m[2] === '' && !m[3])) return null;
  const sign = m[1] === '-' ? '-' : '';
  let digits = (m[2] ?? '') + (m[3] ?? '');
  let point = (m[2] ?? '').length + Number(m[4] ?? 0);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const fraction = digits.slice(point).replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Rounds a plain decimal to `places`, half away from zero (as Excel displays it), by string arithmetic. */
function roundDecimal(plain: string, places: number): string {
  const negative = plain.startsWith('-');
  const [whole, fraction = ''] = plain.replace(/^-/, '').split('.');
  const padded = fraction.padEnd(places + 1, '0');
  let units = BigInt(whole + padded.slice(0, places));
  if (Number(padded[places]) >= 5) units += 1n;
  const text = units.toString().padStart(places + 1, '0');
  const out = places ? `${text.slice(0, -places)}.${text.slice(-places)}` : text;
  return negative && units !== 0n ? `-${out}` : out;
}

/** A number cell as a spreadsheet shows it in General format: at most 15 significant digits. */
function generalNumber(raw: string): string {
  const value = Number(raw);
  if (!Number.isFinite(value)) return raw;
  const plain = plainDecimal(value.toPrecision(15));
  return plain ?? raw;
}

/**
 * The text a CSV would carry for this cell, for a field that reads it as `as`: dates (date cells or
 * serial numbers) as yyyy-mm-dd, money as an exact decimal rounded to cents, other numbers as
 * displayed (no float artifacts), true/false as TRUE/FALSE, empty cells as "".
 */
export function sheetCellText(cell: SheetCell, as?: 'date' | 'money'): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : isoDay(cell.getTime());
  if (as === 'date') {
    const serial = Number(cell.number);
    // a whole day number (a time of day is dropped); day 60 does not exist and is left for the schema to refuse
    if (Number.isFinite(serial) && serial >= 1 && serial < MAX_SERIAL + 1 && Math.floor(serial) !== 60) {
      const day = Math.floor(serial);
      return isoDay((day - SERIAL_UNIX_EPOCH + (day < 60 ? 1 : 0)) * 86_400_000);
    }
    return generalNumber(cell.number);
  }
  if (as === 'money') {
    const plain = plainDecimal(cell.number);
    return plain === null ? cell.number : roundDecimal(plain, 2);
  }
  return generalNumber(cell.number);
}

/** The sheet's rows as the CSV path's text rows, each column read as the field it is mapped to. */
export function sheetRowsAsText(kind: ImportKind, mapping: ImportMapping, rows: SheetCell[][]): string[][] {
  const asByColumn = new Map<number, 'date' | 'money'>();
  for (const field of IMPORT_FIELDS[kind]) {
    const index = mapping[field.key];
    if (index != null && field.cell) asByColumn.set(index, field.cell);
  }
  return rows.map((row) => row.map((cell, i) => sheetCellText(cell, asByColumn.get(i))));
}

export type ImportValues =
  | { kind: 'customers'; values: z.output<typeof customerInputSchema> }
  | { kind: 'policies'; values: z.output<typeof policyInputSchema> };

/** The row checked by the form's own schema: its values, or its messages in the spec's words. */
export function validateRow(kind: ImportKind, record: Record<string, unknown>): { ok: true; value: ImportValues } | { ok: false; errors: string[] } {
  const parsed = kind === 'customers' ? customerInputSchema.safeParse(record) : policyInputSchema.safeParse(record);
  // the first message of each field, as the form shows them, named by its column when the message does not
  // say which field it is ("Must be at most 200 characters.")
  if (!parsed.success) return { ok: false, errors: Object.entries(fieldErrors(parsed.error)).map(([key, message]) => namedMessage(kind, key, message)) };
  return { ok: true, value: { kind, values: parsed.data } as ImportValues };
}

function namedMessage(kind: ImportKind, key: string, message: string): string {
  const label = IMPORT_FIELDS[kind].find((f) => f.key === key.split('.').at(-1))?.label;
  return label && !message.toLowerCase().includes(label.toLowerCase()) ? `${label}: ${message}` : message;
}

/** What makes two rows the same record: a customer's e-mail, a policy's number (as the importer matches them). */
export function duplicateKey(value: ImportValues): string {
  return value.kind === 'customers' ? value.values.email : value.values.policy_number;
}

/** Why a duplicate row is one: an earlier row of the file with the same key, else the agency's existing record. */
export function duplicateReason(kind: ImportKind, firstRow: number | undefined, row: number): string {
  if (firstRow !== undefined && firstRow < row) return IMPORT_TEXT.sameAsRow(firstRow);
  return kind === 'customers' ? IMPORT_TEXT.existingCustomer : IMPORT_TEXT.existingPolicy;
}

export const importOptionsSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  duplicates: z.enum(DUPLICATE_MODES).default('skip'),
  mapping: safeText({ trim: false })
    .optional()
    .transform((text, ctx): ImportMapping | undefined => {
      if (!text) return undefined;
      try {
        const value = JSON.parse(text) as unknown;
        if (value && typeof value === 'object' && Object.values(value).every((v) => v === null || (Number.isInteger(v) && (v as number) >= 0)))
          return value as ImportMapping;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'The column mapping is not valid.' });
      return z.NEVER;
    }),
});
export type ImportOptions = z.output<typeof importOptionsSchema>;

/** What the import will do with a row: create it, update or skip the record it duplicates, or list it as failed. */
export type PreviewStatus = 'import' | 'update' | 'skip' | 'invalid';

export const PREVIEW_STATUS_TEXT: Record<PreviewStatus, string> = {
  import: IMPORT_TEXT.willImport,
  update: IMPORT_TEXT.willUpdate,
  skip: IMPORT_TEXT.willSkip,
  invalid: IMPORT_TEXT.willFail,
};

export interface PreviewRow {
  line: number;
  values: string[];
  errors: string[];
  status: PreviewStatus;
  /** what a duplicate duplicates ("Same as row 4 of this file.") */
  duplicate: string | null;
}

export interface ImportPreview {
  headers: string[];
  mapping: ImportMapping;
  missing: string[];
  total: number;
  /** the whole file's rows by what will happen to them */
  summary: Record<PreviewStatus, number>;
  rows: PreviewRow[];
}

/** A row the import skipped or could not import, with the row as uploaded (for the failures file). */
export interface ImportFailure {
  line: number;
  reason: string;
  /** absent in imports from before issue 30: they listed failures only */
  outcome?: 'failed' | 'skipped';
  values?: string[];
}

/** A skipped or failed row as the result lists it. */
export interface ImportIssue {
  line: number;
  outcome: 'failed' | 'skipped';
  reason: string;
}

/** Rows listed with the result; the failures file has them all. */
export const RESULT_ISSUES = 50;

export interface ImportJob {
  id: string;
  kind: ImportKind;
  file_name: string;
  status: ImportStatus;
  duplicates: DuplicateMode;
  total: number;
  processed: number;
  imported: number;
  updated: number;
  skipped: number;
  failed: number;
  message: string | null;
  created_at: string;
  finished_at: string | null;
  undoable: boolean;
  /** the first skipped and failed rows with their reasons (RESULT_ISSUES at most) */
  issues: ImportIssue[];
}
