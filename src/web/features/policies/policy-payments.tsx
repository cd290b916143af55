// The premium payments recorded on one policy, with links to their receipt files.
import { Link } from 'react-router';
import { formatDay } from '#shared/format-date.ts';
import { Plus } from 'lucide-react';
import { formatMoney } from '#shared/money.ts';
import { PREMIUM_METHOD_LABEL, PREMIUM_TEXT } from '#shared/premium-payments.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { FileLinkButton } from '#web/components/file-link.tsx';
import { usePolicyPayments } from '#web/lib/premium-payments.ts';

export function PolicyPayments({ policyId, policyNumber, clientName }: { policyId: string; policyNumber?: string; clientName?: string }) {
  const payments = usePolicyPayments(policyId);
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
                  <p className="text-slate-600">{formatDay(p.payment_date)}</p>
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
    </Card>
  );
}
