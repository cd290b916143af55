// /dashboard/policies/:id/print — a clean printable page of one policy (no sidebar, print CSS).
import { useParams } from 'react-router';
import { format } from 'date-fns';
import { Printer } from 'lucide-react';
import { POLICY_TEXT, POLICY_TYPE_LABEL } from '#shared/policies.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useSession } from '#web/lib/session.ts';
import { useBrand } from '#web/lib/brand.ts';
import { PrintBrand } from '#web/components/print-brand.tsx';
import { PolicyInformation, TypeDetails } from './policy-details-page.tsx';
import { lineSummary } from './line-details.tsx';
import { lineOf } from '#shared/lines/index.ts';
import { Detail } from '#web/components/detail.tsx';
import { usePolicy } from './queries.ts';

export function PolicyPrintPage() {
  const { id = '' } = useParams();
  const query = usePolicy(id);
  const { data: session } = useSession();
  const brand = useBrand();
  if (query.isPending) return <Spinner label="Loading policy" />;
  if (query.isError)
    return (
      <p role="alert" className="p-8 text-red-600">
        {POLICY_TEXT.loadError(errorMessage(query.error))}
      </p>
    );
  const policy = query.data;
  const summary = lineSummary(policy);
  return (
    <div className="mx-auto max-w-3xl bg-white p-8 text-slate-900 print:max-w-none print:p-0">
      <style>{'@media print { @page { margin: 16mm; } body { background: white; } }'}</style>
      <div className="mb-6 flex items-start justify-between gap-4 border-b border-slate-300 pb-4">
        <div>
          <PrintBrand brand={brand} agencyName={session?.agency?.name} />
          <h1 className="text-2xl font-semibold">
            {POLICY_TYPE_LABEL[policy.policy_type]} policy {policy.policy_number}
          </h1>
          <p className="text-sm text-slate-500">Printed {format(new Date(), 'MMM dd, yyyy')}</p>
        </div>
        <Button className="print:hidden" onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden /> Print
        </Button>
      </div>
      <section className="mb-6 break-inside-avoid">
        <h2 className="mb-3 text-lg font-semibold">Policy Information</h2>
        <PolicyInformation policy={policy} />
      </section>
      <section className="mb-6 break-inside-avoid">
        <h2 className="mb-3 text-lg font-semibold">{lineOf(policy.policy_type).detailsTitle}</h2>
        {summary ? (
          // the line's one line about the insured thing, as an ID card or evidence of cover words it
          <p className="mb-3 text-sm font-medium" data-testid="line-summary">
            {summary}
          </p>
        ) : null}
        <TypeDetails policy={policy} />
      </section>
      <section className="break-inside-avoid">
        <h2 className="mb-3 text-lg font-semibold">Customer Information</h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Detail label="Name">{policy.customer?.name ?? policy.customer_name}</Detail>
          <Detail label="Email">{policy.customer?.email ?? policy.customer_email}</Detail>
          <Detail label="Phone">{policy.customer ? policy.customer.phone : policy.customer_phone}</Detail>
        </dl>
      </section>
    </div>
  );
}
