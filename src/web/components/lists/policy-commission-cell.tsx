// One cell of the policies list's Commission column: expected commission and the reconciliation's word
// for the term. Loaded lazily by policy-commission.tsx.
import { useQuery } from '@tanstack/react-query';
import { COMMISSION_STATE_LABEL } from '#shared/commission-states.ts';
import type { TermState } from '#shared/commissions.ts';
import { formatMoney } from '#shared/money-text.ts';
import { apiGet } from '#web/lib/api.ts';

export default function CommissionCell({ ids, id }: { ids: string[]; id: string }) {
  const query = useQuery({
    queryKey: ['commissions', 'terms', ids],
    queryFn: ({ signal }) => apiGet<{ terms: Record<string, TermState> }>(`/api/commissions/terms?ids=${ids.join(',')}`, signal),
  });
  const term = query.data?.terms[id];
  const loading = query.isPending;
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

