// The policies list's Commission column and filter (issue 31): the figures come in the list's own
// answer (no second request, e2e/waterfall.spec.ts), so the cell only formats them. Kept small and
// zod-free: it is on /dashboard/policies' first screen (first-load.test).
import { COMMISSION_STATE_LABEL, type CommissionState } from '#shared/commission-states.ts';
import { formatMoney } from '#shared/money-text.ts';
import type { Policy } from '#shared/policies-text.ts';
import type { ListColumn } from '../list-kit/data-list.tsx';
import { Select } from '../ui/input.tsx';

const TONE: Partial<Record<CommissionState, string>> = { paid: 'text-emerald-700', short_paid: 'text-amber-700', overpaid: 'text-sky-700' };

export const COMMISSION_COLUMN: ListColumn<Policy> = {
  id: 'commission',
  header: 'Commission',
  sortKey: 'commission',
  firstDirection: 'desc',
  className: 'tabular-nums whitespace-nowrap',
  // expected over the reconciliation's word; short- and over-paid say by how much
  cell: ({ commission: c }) =>
    !c ? null : (
      <span className="flex flex-col">
        {c.state === 'no_rate' ? null : formatMoney(c.expected)}
        <span className={`text-xs ${TONE[c.state] ?? 'text-slate-600'}`}>
          {COMMISSION_STATE_LABEL[c.state]}
          {TONE[c.state] && c.state !== 'paid' ? ` ${formatMoney(c.difference.replace('-', ''))}` : ''}
        </span>
      </span>
    ),
};

export function CommissionFilter({ value, onChange }: { value: string; onChange: (value: CommissionState | 'all') => void }) {
  return (
    <Select aria-label="Commission" className="md:w-44" value={value} onChange={(e) => onChange(e.target.value as CommissionState)}>
      <option value="all">All Commissions</option>
      {/* what needs the bookkeeper's attention first */}
      {(['no_rate', 'unpaid', 'short_paid', 'paid', 'overpaid'] as const).map((s) => (
        <option key={s} value={s}>
          {COMMISSION_STATE_LABEL[s]}
        </option>
      ))}
    </Select>
  );
}
