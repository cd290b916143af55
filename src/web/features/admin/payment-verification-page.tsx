// /admin/payment-verification: filter, open the receipt through its signed link, approve or reject.
import { useState } from 'react';
import { formatDay } from '#shared/format-date.ts';
import { ExternalLink } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { adminSubmissionQuerySchema, PAYMENT_TEXT, SUBMISSION_STATUSES, type AdminPaymentSubmission, type AdminSubmissionQuery } from '#shared/payments.ts';
import { PAID_TIERS, TIER_LABEL } from '#shared/tiers.ts';
import { formatBytes } from '#shared/files.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Select, Textarea } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { fetchFileLink } from '#web/lib/files.ts';
import { SubmissionStatusBadge } from '#web/components/badges.tsx';
import { listStatus } from '#web/components/list-kit/data-list.tsx';
import { useListQuery } from '#web/components/list-kit/use-list-query.ts';
import { useAdminSubmissions, useDecideSubmission } from './queries.ts';

const SORTS = [
  { value: 'created_at.desc', label: 'Newest submitted first' },
  { value: 'created_at.asc', label: 'Oldest submitted first' },
  { value: 'payment_date.desc', label: 'Latest payment date first' },
  { value: 'payment_date.asc', label: 'Earliest payment date first' },
];

const day = formatDay;

function ReceiptPreview({ s }: { s: AdminPaymentSubmission }) {
  const link = useQuery({
    queryKey: ['file-link', s.receipt_file.id],
    queryFn: () => fetchFileLink(s.receipt_file.id),
    // signed links live 300 s: refresh well before that
    staleTime: 240_000,
    refetchInterval: 240_000,
  });
  if (link.isPending) return <Spinner label="Loading receipt" />;
  if (link.isError) return <p className="text-sm text-red-700">Could not load the receipt: {errorMessage(link.error)}</p>;
  const isImage = s.receipt_file.content_type.startsWith('image/');
  return (
    <div className="space-y-2">
      {isImage ? (
        <img src={link.data.url} alt={`Receipt ${s.receipt_file.file_name}`} className="max-h-80 w-full rounded-md border border-slate-200 object-contain" />
      ) : (
        <iframe src={link.data.url} title={`Receipt ${s.receipt_file.file_name}`} className="h-80 w-full rounded-md border border-slate-200" />
      )}
      <a href={link.data.url} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ExternalLink className="h-4 w-4" aria-hidden /> Open receipt ({s.receipt_file.file_name}, {formatBytes(s.receipt_file.size)})
      </a>
    </div>
  );
}

function ReviewDialog({ s, onClose }: { s: AdminPaymentSubmission; onClose: () => void }) {
  const [notes, setNotes] = useState(s.admin_notes ?? '');
  const [notesError, setNotesError] = useState<string | undefined>();
  const decide = useDecideSubmission();
  function act(decision: 'approve' | 'reject') {
    if (decision === 'reject' && !notes.trim()) {
      setNotesError(PAYMENT_TEXT.rejectNotesRequired);
      return;
    }
    decide.mutate(
      { id: s.id, decision, notes: notes.trim() },
      {
        onSuccess: () => {
          notify.success(decision === 'approve' ? PAYMENT_TEXT.approved : PAYMENT_TEXT.rejected, `${s.first_name} ${s.last_name} (${s.email})`);
          onClose();
        },
        onError: (err) => {
          notify.error(PAYMENT_TEXT.actionFailed, errorMessage(err));
          if (err instanceof ApiError && err.status === 409) onClose();
        },
      },
    );
  }
  const pending = s.status === 'Pending';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Review payment" description={`${s.first_name} ${s.last_name} · ${s.email}`} className="max-w-2xl">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-500">Plan</dt>
          <dd className="font-medium text-slate-900">{TIER_LABEL[s.selected_tier]}</dd>
          <dt className="text-slate-500">Method</dt>
          <dd>{s.payment_method}</dd>
          <dt className="text-slate-500">Transaction reference</dt>
          <dd className="break-all">{s.transaction_reference || '—'}</dd>
          <dt className="text-slate-500">Payment date</dt>
          <dd>{day(s.payment_date)}</dd>
          <dt className="text-slate-500">Status</dt>
          <dd>
            <SubmissionStatusBadge status={s.status} />
          </dd>
          {s.notes ? (
            <>
              <dt className="text-slate-500">Submitter notes</dt>
              <dd className="whitespace-pre-line">{s.notes}</dd>
            </>
          ) : null}
        </dl>
        <div className="mt-4">
          <ReceiptPreview s={s} />
        </div>
        {pending ? (
          <div className="mt-4 space-y-3">
            <FormField label="Notes" error={notesError} hint="Required when rejecting; sent to the user by e-mail.">
              <Textarea
                rows={3}
                value={notes}
                onChange={(e) => {
                  setNotes(e.target.value);
                  setNotesError(undefined);
                }}
              />
            </FormField>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="destructive" disabled={decide.isPending} onClick={() => act('reject')}>
                Reject
              </Button>
              <Button disabled={decide.isPending} onClick={() => act('approve')}>
                Approve
              </Button>
            </div>
          </div>
        ) : s.admin_notes ? (
          <p className="mt-4 text-sm text-slate-700">Admin notes: {s.admin_notes}</p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

export function PaymentVerificationPage() {
  const { query, setQuery } = useListQuery(adminSubmissionQuerySchema);
  const { status, tier, page } = query;
  const list = useAdminSubmissions(query);
  const [open, setOpen] = useState<AdminPaymentSubmission | null>(null);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Payment Verification</h1>
        <p className="mt-1 text-slate-600">Check each receipt, then approve the upgrade or reject it with a reason.</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-3 lg:max-w-3xl">
        <FormField label="Status">
          <Select value={status} onChange={(e) => setQuery({ status: e.target.value as AdminSubmissionQuery['status'] })}>
            <option value="all">All</option>
            {SUBMISSION_STATUSES.filter((s) => s !== 'Under Review').map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Plan">
          <Select value={tier} onChange={(e) => setQuery({ tier: e.target.value as AdminSubmissionQuery['tier'] })}>
            <option value="all">All plans</option>
            {PAID_TIERS.map((t) => (
              <option key={t} value={t}>
                {TIER_LABEL[t]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Sort">
          <Select value={query.sort} onChange={(e) => setQuery({ sort: e.target.value })}>
            {SORTS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <Card className="overflow-hidden">
        {listStatus(list, 'No submissions match these filters.', (message) => `Error loading submissions: ${message}`) ?? (
          <ul className="divide-y divide-slate-100">
            {data?.rows.map((s) => (
              <li key={s.id} data-testid="submission-row" className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {s.first_name} {s.last_name} <span className="font-normal text-slate-600">· {s.email}</span>
                  </p>
                  <p className="text-sm text-slate-600">
                    {TIER_LABEL[s.selected_tier]} · {s.payment_method}
                    {s.transaction_reference ? ` · ${s.transaction_reference}` : ''} · paid {day(s.payment_date)} · submitted {day(s.created_at)}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <SubmissionStatusBadge status={s.status} />
                  <Button size="sm" variant={s.status === 'Pending' ? 'primary' : 'outline'} onClick={() => setOpen(s)}>
                    {s.status === 'Pending' ? 'Review' : 'View'}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {data && data.total > data.pageSize ? (
          <div className="flex items-center justify-between border-t border-slate-200 px-4 py-3 text-sm">
            <span className="text-slate-600">
              Page {data.page} of {pages}
            </span>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setQuery({ page: page - 1 })}>
                Previous
              </Button>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setQuery({ page: page + 1 })}>
                Next
              </Button>
            </div>
          </div>
        ) : null}
      </Card>
      {open ? <ReviewDialog s={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
