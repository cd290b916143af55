// Imports (issue 12): the fields a CSV maps onto, the automatic mapping by column name, and each
// row's validation through the same schemas as the forms, so an import has no rules of its own.
import { z } from 'zod';
import { customerInputSchema } from './customers.ts';
import { policyInputSchema } from './policies.ts';
import { fieldErrors } from './validation.ts';
import { unescapeFormula } from './csv.ts';

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

export const IMPORT_TEXT = {
  tooLarge: 'The file is too large (20 MB at most).',
  noFile: 'Please choose a CSV file.',
  notCsv: 'Please choose a CSV file (.csv). Excel files: save as CSV first.',
  missingFields: (labels: string[]) => `Please map a column to: ${labels.join(', ')}.`,
  busy: 'Another import is running in this agency. Please wait for it to finish.',
  notFound: 'Import not found.',
  undoExpired: 'This import can no longer be undone (24 hours have passed).',
  notUndoable: 'Only a finished import can be undone.',
  undone: 'Import undone.',
  interrupted: 'The import was interrupted (the server stopped). The rows listed as imported were kept.',
  duplicate: (what: string) => `Duplicate: ${what} already exists (skipped).`,
} as const;

interface FieldSpec {
  key: string;
  label: string;
  required?: boolean;
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
    f('date_of_birth', 'Date of Birth', { aliases: ['dob', 'birthdate', 'birthday'] }),
    f('notes', 'Notes'),
  ],
  policies: [
    f('policy_number', 'Policy Number', { required: true, aliases: ['policy', 'policyno'] }),
    f('policy_type', 'Policy Type', { required: true, aliases: ['type'] }),
    f('insurance_company', 'Insurance Company', { required: true, aliases: ['carrier', 'company', 'insurer'] }),
    f('customer_name', 'Customer Name', { required: true, aliases: ['customer', 'name', 'client'] }),
    f('customer_email', 'Customer Email', { required: true, aliases: ['email'] }),
    f('customer_phone', 'Customer Phone', { aliases: ['phone'] }),
    f('premium_amount', 'Premium Amount', { required: true, aliases: ['premium'] }),
    f('coverage_amount', 'Coverage Amount', { required: true, aliases: ['coverage'] }),
    f('deductible', 'Deductible', { required: true }),
    f('start_date', 'Start Date', { required: true, aliases: ['start', 'effectivedate'] }),
    f('status', 'Status'),
    f('vehicle_make', 'Vehicle Make', { aliases: ['make'] }),
    f('vehicle_model', 'Vehicle Model', { aliases: ['model'] }),
    f('vehicle_year', 'Vehicle Year', { aliases: ['year'] }),
    f('vin_number', 'VIN Number', { aliases: ['vin'] }),
    f('driver_license', 'Driver License', { aliases: ['license'] }),
    f('coverage_type', 'Coverage Type'),
    f('property_address', 'Property Address'),
    f('property_type', 'Property Type'),
    f('construction_year', 'Construction Year'),
    f('property_value', 'Property Value'),
    f('contents_coverage', 'Contents Coverage'),
  ],
};

const CAR_KEYS = ['vehicle_make', 'vehicle_model', 'vehicle_year', 'vin_number', 'driver_license', 'coverage_type'];
const FIRE_KEYS = ['property_address', 'property_type', 'construction_year', 'property_value', 'contents_coverage'];

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

/** One CSV row as the body the form would send (policies carry their details nested). */
export function rowRecord(kind: ImportKind, mapping: ImportMapping, row: string[]): Record<string, unknown> {
  const flat: Record<string, string> = {};
  for (const field of IMPORT_FIELDS[kind]) {
    const index = mapping[field.key];
    // an empty cell is a value not given, as an untouched form field (defaults then apply)
    if (index != null && index < row.length && row[index].trim() !== '') flat[field.key] = unescapeFormula(row[index].trim());
  }
  if (kind === 'customers') return flat;
  const pick = (keys: string[]) => Object.fromEntries(keys.filter((k) => k in flat).map((k) => [k, flat[k]]));
  const rest = Object.fromEntries(Object.entries(flat).filter(([k]) => !CAR_KEYS.includes(k) && !FIRE_KEYS.includes(k)));
  return {
    ...rest,
    policy_type: (flat.policy_type ?? '').toLowerCase(),
    status: flat.status ? flat.status.toLowerCase() : undefined,
    car_details: pick(CAR_KEYS),
    fire_details: pick(FIRE_KEYS),
  };
}

export type ImportValues =
  | { kind: 'customers'; values: z.output<typeof customerInputSchema> }
  | { kind: 'policies'; values: z.output<typeof policyInputSchema> };

/** The row checked by the form's own schema: its values, or its messages in the spec's words. */
export function validateRow(kind: ImportKind, record: Record<string, unknown>): { ok: true; value: ImportValues } | { ok: false; errors: string[] } {
  const parsed = kind === 'customers' ? customerInputSchema.safeParse(record) : policyInputSchema.safeParse(record);
  // the first message of each field, as the form shows them
  if (!parsed.success) return { ok: false, errors: Object.values(fieldErrors(parsed.error)) };
  return { ok: true, value: { kind, values: parsed.data } as ImportValues };
}

export const importOptionsSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  duplicates: z.enum(DUPLICATE_MODES).default('skip'),
  mapping: z
    .string()
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

export interface PreviewRow {
  line: number;
  values: string[];
  errors: string[];
}

export interface ImportPreview {
  headers: string[];
  mapping: ImportMapping;
  missing: string[];
  total: number;
  rows: PreviewRow[];
}

export interface ImportFailure {
  line: number;
  reason: string;
}

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
}
