// Analytics (issue 12, Business and above): what the charts draw, and each chart's CSV.
import { csvLine } from './csv.ts';

export const ANALYTICS_MONTHS = 12;

export interface MonthPoint {
  /** yyyy-MM (UTC) */
  month: string;
  count: number;
  /** exact decimal "1234.50" */
  premium: string;
}

export interface Slice {
  key: string;
  label: string;
  count: number;
  premium: string;
}

export interface Analytics {
  premiumByMonth: MonthPoint[];
  byStatus: Slice[];
  byType: Slice[];
  byCarrier: Slice[];
  newCustomersByMonth: { month: string; count: number }[];
  retentionByMonth: RetentionPoint[];
}

/**
 * Of the terms (not cancelled) whose end date falls in the month: renewed, lost, lapsed (still open
 * and ended before the agency's today) and still open; rate = renewed ÷ (renewed + lost + lapsed)
 * in % (the renewal cockpit's rule, `retentionRate`), null when none is decided yet.
 */
export interface RetentionPoint {
  /** yyyy-MM of the terms' end date */
  month: string;
  renewed: number;
  lost: number;
  lapsed: number;
  /** open terms that have not ended yet: not decided, so outside the rate */
  open: number;
  rate: number | null;
}

export const ANALYTICS_TEXT = {
  retentionTitle: 'Retention per month',
  retentionDescription:
    'Of the terms that ended in each month, the share renewed: renewed ÷ (renewed + lost + lapsed), the renewal cockpit’s rule. Cancelled terms are left out; terms still open before their end date are not decided yet.',
  /** the data table's and the CSV's cell for a month with no decided term */
  noRate: '–',
  upsellTitle: 'Upgrade to access policy analytics',
  upsellText: 'This feature is available on the Business plan and above.',
  loadError: (message: string) => `Error loading analytics: ${message}`,
  empty: 'No policies yet. Charts appear once you add policies.',
} as const;

/** The last `n` UTC months ending with the one `now` is in, oldest first: ["2025-12", …, "2026-11"]. */
export function lastMonths(now: Date, n = ANALYTICS_MONTHS): string[] {
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i -= 1) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

/** A chart's data as CSV (same stated format as the reports: plain decimals, yyyy-MM months). */
export function chartCsv(header: string[], rows: (string | number)[][]): string {
  return '\uFEFF' + [csvLine(header), ...rows.map((r) => csvLine(r.map(String)))].join('');
}
