// The premium payments recorded on one policy, with links to their receipt files; a payment recorded
// by mistake is deleted after a confirmation, with an Undo in the toast.
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDay } from '#shared/format-date.ts';
import { Plus, Trash2 } from 'lucide-react';
import { formatMoney } from '#shared/money.ts';
import { PREMIUM_METHOD_LABEL, PREMIUM_TEXT, type PremiumPayment } from '#shared/premium-payments.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { FileLinkButton } from '#web/components/file-link.tsx';
import { notify } from '#web/lib/toast.ts';
import { useDeletePayment, usePolicyPayments, useRestorePayment } from '#web/lib/premium-payments.ts';

export function PolicyPayments({ policyId, policyNumber, clientName }: { policyId: string; policyNumber?: string; clientName?: string }) {
  const payments = usePolicyPayments(policyId);
  const remove = useDeletePayment();
  const restore = useRestorePayment();
  const [deleting, setDeleting] = useState<PremiumPayment | null>(null);
  const undo = (token: string) =>
    restore.mutate(token, { onSuccess: () => notify.success('Success', PREMIUM_TEXT.restored), onError: (err) => notify.error('Error', errorMessage(err)) });
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ undo: token }) => {
        setDeleting(null);
        notify.successWithAction('Success', PREMIUM_TEXT.deleted, { label: 'Undo', onClick: () => undo(token) });
      },
      onError: (err) => notify.error('Error', errorMessage(err)),
    });
  };
  const recordHref = `/payment-receipt?${new URLSearchParams({ ...(policyNumber ? { policy: policyNumber } : {}), ...(clientName ? { client: clientName } : {}) })}`;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Premium payments</CardTitle>
        <Button asChild size="sm" variant="outline">
          <Link to={recordHref}>
            <Plus className="h-4 w-4" aria-hidden /> Record payment
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {payments.isPending ? (
          <Spinner label="Loading payments" />
        ) : payments.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {PREMIUM_TEXT.loadFailed}: {errorMessage(payments.error)}
          </p>
        ) : payments.data.length === 0 ? (
          <p className="text-sm text-slate-600">No premium payments recorded yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Premium payments">
            {payments.data.map((p) => (
              <li key={p.id} className="py-3 text-sm" data-testid="premium-payment">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-medium text-slate-900">
                    {formatMoney(p.amount)} · {PREMIUM_METHOD_LABEL[p.payment_method]}
                  </p>
                  <div className="flex items-center gap-1">
                    <p className="text-slate-600">{formatDay(p.payment_date)}</p>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete the payment of ${formatMoney(p.amount)} on ${formatDay(p.payment_date)}`}
                      onClick={() => setDeleting(p)}
                    >
                      <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                    </Button>
                  </div>
                </div>
                <p className="text-slate-600">
                  {p.client_name}
                  {p.created_by_name ? ` · recorded by ${p.created_by_name}` : ''}
                </p>
                {p.notes ? <p className="mt-1 whitespace-pre-line text-slate-700">{p.notes}</p> : null}
                <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                  {p.files.map((f) => (
                    <FileLinkButton key={f.id} fileId={f.id} fileName={f.file_name} />
                  ))}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={PREMIUM_TEXT.deleteTitle}
        description={deleting ? PREMIUM_TEXT.deleteBody(formatMoney(deleting.amount), formatDay(deleting.payment_date)) : ''}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
