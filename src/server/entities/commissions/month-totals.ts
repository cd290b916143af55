// The dashboard's commission line (issue 31): expected and received of the terms starting in the
// agency's current month and in the same month a year before, the reconciliation view's month filter
// and sums over the stored terms (storedTermsSql, decision 082), in one statement.
import { sql } from 'drizzle-orm';
import { comparedMonths, type CommissionComparison, type CommissionMonth } from '#shared/dashboard.ts';
import type { Tenant } from '#server/tenant.ts';
import { storedTermsSql } from './terms.ts';

// the tolerance only decides a term's state, which these sums do not read
const ANY_TOLERANCE = '1.00';

const firstDay = (month: string) => `${month}-01`;
const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
};

export async function commissionComparison(t: Tenant, today: string): Promise<CommissionComparison> {
  const { thisMonth, lastYear } = comparedMonths(today);
  // ranges on start_date (not to_char) so the filter reaches policies_agency_start_idx before the terms are joined
  const inMonth = (month: string) => sql`(start_date >= ${firstDay(month)}::date and start_date < ${firstDay(nextMonth(month))}::date)`;
  const result = await t.execute(sql`with terms as (${storedTermsSql(t, ANY_TOLERANCE)})
    select to_char(start_date, 'YYYY-MM') as month, count(*)::int as terms,
           coalesce(sum(expected), 0)::numeric(16,2)::text as expected, coalesce(sum(received), 0)::numeric(16,2)::text as received,
           coalesce(sum(difference), 0)::numeric(16,2)::text as difference
      from terms where ${inMonth(thisMonth)} or ${inMonth(lastYear)} group by 1`);
  const byMonth = new Map((result.rows as Record<string, unknown>[]).map((r) => [String(r.month), r]));
  const of = (month: string): CommissionMonth => {
    const r = byMonth.get(month);
    return { month, terms: Number(r?.terms ?? 0), expected: String(r?.expected ?? '0.00'), received: String(r?.received ?? '0.00'), difference: String(r?.difference ?? '0.00') };
  };
  return { thisMonth: of(thisMonth), lastYear: of(lastYear) };
}
