// The policies list's Commission column and filter (issue 31): the figures come in the list's own
// answer (no second request, e2e/waterfall.spec.ts), so the cell only formats them. Zod-free imports
// only: this is on /dashboard/policies' first screen (first-load.test).
import { COMMISSION_STATE_LABEL, type CommissionState } from '#shared/commission-states.ts';
import { formatMoney } from '#shared/money-text.ts';
import type { Policy } from '#shared/policies-text.ts';
import type { ListColumn } from '../list-kit/data-list.tsx';
import { Select } from '../ui/input.tsx';

const TONE: Record<CommissionState, string> = {
  paid: 'text-emerald-700',
  short_paid: 'text-amber-700',
  overpaid: 'text-sky-700',
  unpaid: 'text-slate-600',
  no_rate: 'text-slate-600',
};

function CommissionCell({ policy }: { policy: Policy }) {
  const c = policy.commission;
  if (!c) return <span className="text-slate-400">—</span>;
  if (c.state === 'no_rate') return <span className={TONE.no_rate}>{COMMISSION_STATE_LABEL.no_rate}</span>;
  // short-paid says by how much; over-paid by how much over (the difference is expected − received)
  const detail = c.state === 'short_paid' ? ` ${formatMoney(c.difference)}` : c.state === 'overpaid' ? ` ${formatMoney(c.difference.replace(/^-/, ''))}` : '';
  return (
    <span className="flex flex-col" data-testid="policy-commission">
      <span>{formatMoney(c.expected)}</span>
      <span className={`text-xs ${TONE[c.state]}`}>
        {COMMISSION_STATE_LABEL[c.state]}
        {detail}
      </span>
    </span>
  );
}

export const COMMISSION_COLUMN: ListColumn<Policy> = {
  id: 'commission',
  header: 'Commission',
  sortKey: 'commission',
  firstDirection: 'desc',
  className: 'tabular-nums whitespace-nowrap',
  cell: (p) => <CommissionCell policy={p} />,
};

/** The filter's order: what needs the bookkeeper's attention first. */
const FILTER_ORDER: CommissionState[] = ['no_rate', 'unpaid', 'short_paid', 'paid', 'overpaid'];

export function CommissionFilter({ value, onChange }: { value: CommissionState | 'all'; onChange: (value: CommissionState | 'all') => void }) {
  return (
    <Select aria-label="Commission" className="md:w-44" value={value} onChange={(e) => onChange(e.target.value as CommissionState | 'all')}>
      <option value="all">All Commissions</option>
      {FILTER_ORDER.map((s) => (
        <option key={s} value={s}>
          {COMMISSION_STATE_LABEL[s]}
        </option>
      ))}
    </Select>
  );
}
