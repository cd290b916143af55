// /dashboard/commissions (Professional and above): the reconciliation, carrier statements and the
// commission schedules, each its own URL (?view=), so a link or a reload keeps the place.
import { Link, useSearchParams } from 'react-router';
import { COMMISSION_TEXT } from '#shared/commissions.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { ReconciliationView } from './reconciliation-view.tsx';
import { RatesView } from './rates-view.tsx';
import { StatementsView } from './statements-view.tsx';
import { ProducersView } from './producers-view.tsx';

const VIEWS = [
  { id: 'reconciliation', label: 'Reconciliation' },
  { id: 'statements', label: 'Statements' },
  { id: 'rates', label: 'Rates' },
  { id: 'producers', label: 'Producers' },
] as const;
type View = (typeof VIEWS)[number]['id'];

export function CommissionsPage() {
  const [params] = useSearchParams();
  const raw = params.get('view');
  const view: View = VIEWS.some((v) => v.id === raw) ? (raw as View) : 'reconciliation';
  return (
    <div>
      <PageHeader title={COMMISSION_TEXT.title} description={COMMISSION_TEXT.description} />
      <nav aria-label="Commissions" className="mb-4 inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {VIEWS.map((v) => (
          <Link
            key={v.id}
            to={v.id === 'reconciliation' ? '/dashboard/commissions' : `/dashboard/commissions?view=${v.id}`}
            aria-current={v.id === view ? 'page' : undefined}
            className={
              v.id === view
                ? 'rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-900 shadow-sm'
                : 'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900'
            }
          >
            {v.label}
          </Link>
        ))}
      </nav>
      {view === 'reconciliation' ? (
        <ReconciliationView />
      ) : view === 'statements' ? (
        <StatementsView />
      ) : view === 'producers' ? (
        <ProducersView />
      ) : (
        <RatesView />
      )}
    </div>
  );
}
