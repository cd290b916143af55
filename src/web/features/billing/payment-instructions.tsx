// Where to send the money: the super admin's payment instructions, the selected plan's price and the
// reference to quote, next to the upgrade form.
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { hasPaymentInstructions, PAYMENT_INSTRUCTIONS_TEXT, type PaymentInstructions } from '#shared/content.ts';
import { PLAN_PRICES, TIER_LABEL, type PaidTier } from '#shared/tiers.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { apiGet } from '#web/lib/api.ts';

function usePaymentInstructions() {
  return useQuery({
    queryKey: ['payment-instructions'],
    queryFn: ({ signal }) => apiGet<{ instructions: PaymentInstructions }>('/api/payment-instructions', signal).then((r) => r.instructions),
  });
}

export function PaymentInstructionsPanel({ tier, reference }: { tier: PaidTier | null; reference: string | undefined }) {
  const query = usePaymentInstructions();
  const headingId = useId();
  const p = query.data;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-brand-100 bg-brand-50/60 p-4 text-sm text-slate-700">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
        <Landmark className="h-4 w-4 text-brand-700" aria-hidden /> How to pay
      </h2>
      <dl className="mt-3 space-y-2">
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Amount</dt>
          <dd className="text-slate-900">{tier ? `${PLAN_PRICES[tier]} per month (${TIER_LABEL[tier]})` : 'Choose a plan to see the amount.'}</dd>
        </div>
        {reference ? (
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Reference to quote</dt>
            <dd className="font-mono break-all text-slate-900">{reference}</dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-3 border-t border-brand-100 pt-3">
        {query.isPending ? (
          <Spinner label="Loading payment details" />
        ) : query.isError || !hasPaymentInstructions(p) ? (
          <p>{PAYMENT_INSTRUCTIONS_TEXT.notSet}</p>
        ) : (
          <dl className="space-y-2">
            {p.bank_name || p.account_details ? (
              <div>
                <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Bank transfer</dt>
                {p.bank_name ? <dd className="font-medium text-slate-900">{p.bank_name}</dd> : null}
                {p.account_details ? <dd className="whitespace-pre-line break-words">{p.account_details}</dd> : null}
              </div>
            ) : null}
            {p.paypal_email ? (
              <div>
                <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">PayPal</dt>
                <dd className="break-all text-slate-900">{p.paypal_email}</dd>
              </div>
            ) : null}
            {p.note ? (
              <div>
                <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Note</dt>
                <dd className="whitespace-pre-line break-words">{p.note}</dd>
              </div>
            ) : null}
          </dl>
        )}
      </div>
    </section>
  );
}
