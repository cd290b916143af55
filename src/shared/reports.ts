// Reports (issue 12): the query every report accepts, the shape every report answers, and the CSV
// written from that shape — so the table on the page, the printable view and the download show the
// same columns and the same rows.
import { z } from 'zod';
import { safeText } from './validation.ts';
import { CUSTOMER_TYPES } from './customers.ts';
import { csvLine } from './csv.ts';
import { isIsoDate } from './money.ts';
import { POLICY_STATUSES, POLICY_TYPE_LABEL, POLICY_TYPES, type PolicyType } from './policies.ts';
import { RENEWAL_TEXT } from './renewals.ts';

export const REPORT_KINDS = ['book', 'production', 'expiring', 'cross-sell', 'no-policy', 'commission', 'commission-aging'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_LABEL: Record<ReportKind, string> = {
  book: 'Book of business',
  production: 'Production',
  expiring: 'Expiring',
  'cross-sell': 'Cross-sell',
  'no-policy': 'Customers without a policy',
  commission: 'Commission',
  'commission-aging': 'Outstanding commission',
};

/** Reports that read a further feature besides `reports` (the commissions ledger: issue 31). */
export const REPORT_FEATURE: Partial<Record<ReportKind, 'commissions'>> = { commission: 'commissions', 'commission-aging': 'commissions' };

/** What each report counts, and which date its range applies to (shown under the report's title). */
export const REPORT_DESCRIPTION: Record<ReportKind, string> = {
  book: 'Policies whose term overlaps the date range, by type, carrier and status or by assignee, with counts and premium totals.',
  production:
    'New business against renewals, per month, by carrier or by assignee, by the month each term starts (its start date), not the day it was entered. A policy that renews an earlier term is a renewal; every other policy is new business.',
  expiring: 'Policies whose term ends within the date range.',
  'cross-sell': 'Customers with a car policy and no fire policy, and the reverse, or without a policy of any chosen line, counting policies whose term overlaps the date range.',
  'no-policy': 'Customers added within the date range who have no policy at all.',
  commission:
    "Expected commission, what the carriers paid and what is outstanding, by carrier, by producer (each producer's part of the terms they produce, and what they earned of it at their split) or by month, for terms starting within the date range. The totals are the reconciliation's for the same terms.",
  'commission-aging':
    'Commission still outstanding (expected − received), by carrier and by how many days ago each term started: 0–30, 31–60, 61–90 and over 90 days. The totals are the reconciliation\'s for the same terms.',
};

/** The spec's car/fire pairs, then one per registered line: customers with a policy but none of that line. */
export const CROSS_SELL_DIRECTIONS = ['both', 'car-no-fire', 'fire-no-car', ...POLICY_TYPES.map((id) => `lacks-${id}` as const)] as const;
export type CrossSellDirection = 'both' | 'car-no-fire' | 'fire-no-car' | `lacks-${PolicyType}`;

export type ReportFilter = 'group' | 'type' | 'status' | 'carrier' | 'direction' | 'customerType';

/** The filters each report reads besides its date range (the page shows only these). */
export const REPORT_FILTERS: Record<ReportKind, ReportFilter[]> = {
  book: ['group', 'type', 'status', 'carrier'],
  production: ['group', 'type', 'status', 'carrier'],
  expiring: ['type', 'status', 'carrier'],
  'cross-sell': ['direction', 'status'],
  'no-policy': ['customerType'],
  commission: ['group', 'carrier'],
  'commission-aging': ['carrier'],
};

/** How a grouped report's rows are grouped; the first of each report's list is its default. */
export const REPORT_GROUPS = ['type-carrier-status', 'month', 'carrier', 'assignee', 'producer'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
export const GROUPS_OF: Partial<Record<ReportKind, readonly ReportGroup[]>> = {
  book: ['type-carrier-status', 'assignee'],
  production: ['month', 'carrier', 'assignee'],
  commission: ['carrier', 'producer', 'month'],
};
export const GROUP_LABEL: Record<ReportGroup, string> = {
  'type-carrier-status': 'Type, carrier and status',
  month: 'Month',
  carrier: 'Carrier',
  assignee: 'Assignee',
  producer: 'Producer',
};

/** The grouping a report uses: the asked-for one when the report offers it, else its default. */
export function reportGroup(kind: ReportKind, group: ReportGroup | undefined): ReportGroup | undefined {
  const offered = GROUPS_OF[kind];
  if (!offered) return undefined;
  return group && offered.includes(group) ? group : offered[0];
}

export const CROSS_SELL_LABEL = {
  both: 'Both directions',
  'car-no-fire': 'Car, no fire',
  'fire-no-car': 'Fire, no car',
  ...Object.fromEntries(POLICY_TYPES.map((id) => [`lacks-${id}`, `No ${POLICY_TYPE_LABEL[id].toLowerCase()} policy`])),
} as Record<CrossSellDirection, string>;

export const REPORT_TEXT = {
  rangeOrder: 'The start date must be on or before the end date.',
  invalidDate: 'Please enter a valid date.',
  empty: 'No rows match these filters.',
  loadError: (message: string) => `Error loading report: ${message}`,
  /** the one stated format of every CSV the app writes */
  csvFormat: 'Money is written as a plain decimal with two places and no currency sign or thousands separator (1234.50); dates as yyyy-MM-dd; months as yyyy-MM. Cells starting with =, +, - or @ are prefixed with an apostrophe so spreadsheets do not run them as formulas.',
  truncated: (shown: number) => `Showing the first ${shown.toLocaleString('en-US')} rows; totals cover every matching row.`,
  /** the assignee cell of policies nobody is assigned to (the renewal cockpit's word) */
  unassigned: RENEWAL_TEXT.unassigned,
  groupBy: 'Group by',
} as const;

/** At most this many detail rows are listed (totals are always over every matching row). */
export const REPORT_ROW_CAP = 2000;

const optionalDate = safeText()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || isIsoDate(v), REPORT_TEXT.invalidDate);

export const reportQuerySchema = z
  .object({
    from: optionalDate,
    to: optionalDate,
    type: z.enum(['all', ...POLICY_TYPES]).catch('all').default('all'),
    status: z.enum(['all', ...POLICY_STATUSES]).catch('all').default('all'),
    carrier: safeText().max(200).catch('').default(''),
    direction: z.enum(CROSS_SELL_DIRECTIONS).catch('both').default('both'),
    customerType: z.enum(['all', ...CUSTOMER_TYPES]).catch('all').default('all'),
    /** book, production and commission only; an unknown or foreign grouping falls back to the report's default */
    group: z.enum(REPORT_GROUPS).optional().catch(undefined),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: REPORT_TEXT.rangeOrder, path: ['to'] });
export type ReportQuery = z.output<typeof reportQuerySchema>;
export type ReportQueryInput = z.input<typeof reportQuerySchema>;

export const reportKindSchema = z.enum(REPORT_KINDS);

export type ColumnKind = 'text' | 'count' | 'money' | 'date';

export interface ReportColumn {
  key: string;
  label: string;
  kind: ColumnKind;
}

/** Cells are strings (money as exact decimals "1234.50", dates yyyy-MM-dd) or whole counts. */
export type ReportRow = Record<string, string | number | null>;

export interface ReportResult {
  kind: ReportKind;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** over every matching row, not only the listed ones; `cells` holds the totals of further columns (by key) */
  totals: { rows: number; count: number; premium: string; cells?: Record<string, string | number> };
  truncated: boolean;
}

/** Query string of a report (omits defaults), for the API, the print route and the CSV link. */
export function reportSearch(kind: ReportKind, q: ReportQueryInput): string {
  const params = new URLSearchParams({ report: kind });
  for (const [key, value] of Object.entries(q)) {
    if (value === undefined || value === '' || value === 'all' || (key === 'direction' && value === 'both')) continue;
    if (key === 'group' && (GROUPS_OF[kind]?.[0] === value || !GROUPS_OF[kind]?.includes(value as ReportGroup))) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

/** The CSV of a report: its columns, its listed rows, then one totals line. */
export function reportCsv(result: ReportResult): string {
  const lines = [csvLine(result.columns.map((c) => c.label))];
  for (const row of result.rows) lines.push(csvLine(result.columns.map((c) => cellText(row[c.key]))));
  lines.push(csvLine(totalsLine(result)));
  return '\uFEFF' + lines.join('');
}

function cellText(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** What a report's rows are, for a totals line whose only total is the number of rows. */
const ROW_NOUN: Partial<Record<ReportKind, readonly [one: string, many: string]>> = { 'no-policy': ['customer', 'customers'] };

/**
 * The totals row in the table's columns: "Total" first, then the count and premium columns. A
 * report without such columns (customers without a policy) says how many rows it counts instead of
 * leaving an empty line (issue 30).
 */
export function totalsLine(result: ReportResult): string[] {
  const cells = result.columns.map((c) => {
    const cell = result.totals.cells?.[c.key];
    if (cell !== undefined) return String(cell);
    if (c.key === 'count') return String(result.totals.count);
    if (c.key === 'premium') return result.totals.premium;
    return '';
  });
  const [one, many] = ROW_NOUN[result.kind] ?? ['row', 'rows'];
  const n = result.totals.rows;
  cells[0] = cells.slice(1).some(Boolean) ? 'Total' : `Total: ${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  return cells;
}
