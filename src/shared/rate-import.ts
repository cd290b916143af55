// The commission schedules import (issue 31: "the import can bring schedules back"): the export's
// commission_schedules.csv (or any CSV/.xlsx with those columns) read back into rates, idempotently:
// a rate already in the schedules (same carrier, line, business, date and rate) is skipped.
import { POLICY_TYPES } from './policy-types.ts';

/** The columns read (the export's names; id and created_at are ignored). */
export const RATE_IMPORT_COLUMNS = ['carrier', 'line', 'business', 'rate', 'effective_from'] as const;
export type RateImportColumn = (typeof RATE_IMPORT_COLUMNS)[number];
export const RATE_IMPORT_LABEL: Record<RateImportColumn, string> = {
  carrier: 'Carrier',
  line: 'Line',
  business: 'Business',
  rate: 'Rate',
  effective_from: 'Effective from',
};
/** 5,000 rates: far more than any agency's schedules; a larger file is refused whole. */
export const RATE_IMPORT_MAX_ROWS = 5000;

export const RATE_IMPORT_OUTCOMES = ['create', 'exists', 'error'] as const;
export type RateImportOutcome = (typeof RATE_IMPORT_OUTCOMES)[number];

export const RATE_IMPORT_TEXT = {
  title: 'Import schedules',
  intro: 'The export’s commission_schedules.csv, or a CSV or Excel file with the columns carrier, line, business (new or renewal), rate and effective_from.',
  willCreate: 'OK — will be added',
  exists: 'Already in your schedules — will be skipped',
  unknownLine: (value: string) => `Unknown line “${value.slice(0, 40)}” (the lines are: ${POLICY_TYPES.join(', ')}).`,
  unknownBusiness: (value: string) => `Unknown business “${value.slice(0, 40)}” (new or renewal).`,
  otherRate: (rate: string) => `This carrier and line already have a different rate (${rate}%) from that date; delete it first to replace it.`,
  sameAsRow: (row: number) => `Same as row ${row} of this file.`,
  tooManyRows: `This file has more than ${RATE_IMPORT_MAX_ROWS.toLocaleString('en-US')} rates.`,
  noRows: 'This file has no rates.',
  nothingToImport: 'Nothing to import: every rate of this file is already in your schedules or has an error.',
  importNotFound: 'Schedules import not found (or already undone).',
  summary: (n: { create: number; exists: number; error: number }) => `${n.create} to add, ${n.exists} already there, ${n.error} with errors`,
  undone: 'Schedules import undone.',
} as const;

export interface RateImportRow {
  /** the row's line in the file (1 is the header) */
  row: number;
  carrier: string;
  line: string;
  business: string;
  rate: string;
  effective_from: string;
  outcome: RateImportOutcome;
  /** why the row is skipped or fails (null when it will be added) */
  reason: string | null;
}

export interface RateImportResult {
  rows: RateImportRow[];
  summary: Record<RateImportOutcome, number>;
  /** the applied import (undo: POST /api/commissions/rates/imports/:id/undo); null in a preview or when nothing was added */
  import_id: string | null;
}
