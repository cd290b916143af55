// The policies list's commission column (issue 31): each listed term's expected commission and,
// once a carrier paid something or nothing is owed, whether it was paid in full, short or over.
// Read for the page's ids only, so the list's own prepared statements stay as they are; not
// sortable (expected commission is computed per term, so a sort would rate the whole book).
import { useQuery } from '@tanstack/react-query';
import { COMMISSION_STATE_LABEL } from '#shared/commission-states.ts';
import type { TermState } from '#shared/commissions.ts';
import { formatMoney } from '#shared/money-text.ts';
import type { Policy } from '#shared/policies-text.ts';
import { apiGet } from '#web/lib/api.ts';
import { useFeature } from '#web/lib/session.ts';
import type { ListColumn } from '../list-kit/data-list.tsx';

export function usePolicyCommissions(ids: string[]) {
  const feature = useFeature('commissions');
  const query = useQuery({
    enabled: feature.allowed && ids.length > 0,
    queryKey: ['commissions', 'terms', ids],
    queryFn: ({ signal }) => apiGet<{ terms: Record<string, TermState> }>(`/api/commissions/terms?ids=${ids.join(',')}`, signal),
  });
  return { allowed: feature.allowed, terms: query.data?.terms, isPending: query.isPending };
}

function CommissionCell({ term, loading }: { term: TermState | undefined; loading: boolean }) {
  if (!term) return <span className="text-slate-400">{loading ? '…' : '—'}</span>;
  if (term.state === 'no_rate') return <span className="text-slate-500">{COMMISSION_STATE_LABEL.no_rate}</span>;
  const tone = term.state === 'paid' ? 'text-emerald-700' : term.state === 'short_paid' ? 'text-amber-700' : term.state === 'overpaid' ? 'text-sky-700' : 'text-slate-500';
  const detail = term.state === 'short_paid' ? ` ${formatMoney(term.difference)}` : '';
  return (
    <span className="flex flex-col">
      <span>{formatMoney(term.expected)}</span>
      <span className={`text-xs ${tone}`}>
        {COMMISSION_STATE_LABEL[term.state]}
        {detail}
      </span>
    </span>
  );
}

export function commissionColumn(terms: Record<string, TermState> | undefined, loading: boolean): ListColumn<Policy> {
  return {
    id: 'commission',
    header: 'Commission',
    className: 'tabular-nums whitespace-nowrap',
    cell: (p) => <CommissionCell term={terms?.[p.id]} loading={loading} />,
  };
}
