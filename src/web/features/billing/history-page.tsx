// /dashboard/subscription/history: the user's own payment submissions, newest first.
import { Link } from 'react-router';
import { formatDay } from '#shared/format-date.ts';
import { Receipt, RotateCcw } from 'lucide-react';
import { ownSubmissionQuerySchema, PAYMENT_TEXT, type PaymentSubmission } from '#shared/payments.ts';
import { TIER_LABEL } from '#shared/tiers.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { listStatus, ListSortSelect } from '#web/components/list-kit/data-list.tsx';
import { useListQuery } from '#web/components/list-kit/use-list-query.ts';
import { FileLinkButton } from '#web/components/file-link.tsx';
import { useOwnSubmissions } from './queries.ts';
import { SubmissionStatusBadge } from '#web/components/badges.tsx';

const day = formatDay;

function SubmissionCard({ s }: { s: PaymentSubmission }) {
  return (
    <Card className="p-4 sm:p-5" data-testid="submission">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-base font-semibold text-slate-900">{TIER_LABEL[s.selected_tier]} plan</p>
          <p className="text-sm text-slate-600">
            Submitted {day(s.created_at)} · Paid {day(s.payment_date)} by {s.payment_method}
          </p>
        </div>
        <SubmissionStatusBadge status={s.status} />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Transaction reference</dt>
          <dd className="text-slate-900">{s.transaction_reference || '—'}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-slate-500">Receipt</dt>
          <dd>
            <FileLinkButton fileId={s.receipt_file.id} fileName={s.receipt_file.file_name} />
          </dd>
        </div>
        {s.notes ? (
          <div className="sm:col-span-2">
            <dt className="text-slate-500">Your notes</dt>
            <dd className="whitespace-pre-line text-slate-900">{s.notes}</dd>
          </div>
        ) : null}
        {s.verified_at ? (
          <div>
            <dt className="text-slate-500">{s.status === 'Approved' ? 'Approved on' : 'Reviewed on'}</dt>
            <dd className="text-slate-900">{day(s.verified_at)}</dd>
          </div>
        ) : null}
      </dl>
      {s.status === 'Rejected' ? (
        <div className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm">
          <p className="font-medium text-red-900">Admin notes</p>
          <p className="mt-1 whitespace-pre-line text-red-800">{s.admin_notes || 'No reason was given.'}</p>
          <Button asChild size="sm" className="mt-3">
            <Link to={`/dashboard/subscription/upgrade?resubmit=${s.id}`}>
              <RotateCcw className="h-4 w-4" aria-hidden />
              Resubmit Payment
            </Link>
          </Button>
        </div>
      ) : null}
      {s.status === 'Approved' && s.admin_notes ? <p className="mt-3 text-sm text-slate-600">Note: {s.admin_notes}</p> : null}
    </Card>
  );
}

const SORTS = [
  { value: 'created_at.desc', label: 'Newest submitted first' },
  { value: 'created_at.asc', label: 'Oldest submitted first' },
  { value: 'payment_date.desc', label: 'Latest payment date first' },
  { value: 'payment_date.asc', label: 'Earliest payment date first' },
];

export function BillingHistoryPage() {
  const { query, setQuery } = useListQuery(ownSubmissionQuerySchema);
  const list = useOwnSubmissions(query);
  const rows = list.data?.rows ?? [];
  const empty = (
    <span className="flex flex-col items-center gap-3">
      <Receipt className="h-10 w-10 text-slate-400" aria-hidden />
      <span className="font-medium text-slate-900">No payment submissions yet</span>
      <span className="text-sm text-slate-600">When you send proof of payment for a plan, it appears here.</span>
    </span>
  );
  const status = listStatus(list, empty, PAYMENT_TEXT.historyError);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Billing History</h1>
          <p className="mt-1 text-slate-600">Your payment submissions and their verification status.</p>
        </div>
        <Button asChild>
          <Link to="/dashboard/subscription/upgrade">Upgrade plan</Link>
        </Button>
      </div>
      {rows.length > 1 ? <ListSortSelect className="sm:max-w-sm" value={query.sort} onChange={(sort) => setQuery({ sort })} options={SORTS} /> : null}
      {status ? (
        <Card>{status}</Card>
      ) : (
        <div className="space-y-4">
          {rows.map((s) => (
            <SubmissionCard key={s.id} s={s} />
          ))}
        </div>
      )}
    </div>
  );
}
