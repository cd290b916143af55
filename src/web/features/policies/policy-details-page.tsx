// /dashboard/policies/:id — Policy Details (agency.md §2). The page is a column of independent cards,
// so a feature can add its own card (e.g. premium payments) with one line.
import { Link, useParams } from 'react-router';
import { Pencil, Printer } from 'lucide-react';
import { formatMoney } from '#shared/money.ts';
import { POLICY_TEXT, POLICY_TYPE_LABEL, type PolicyDetail } from '#shared/policies.ts';
import { lineOf } from '#shared/lines/index.ts';
import { LineDetailsView, LineIcon } from './line-details.tsx';
import { termLengthLabel } from '#shared/terms.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { formatDay } from '#web/lib/format.ts';
import { StatusBadge } from '#web/components/badges.tsx';
import { usePolicy } from './queries.ts';
import { PolicyPayments } from './policy-payments.tsx';
import { Detail, RecordState } from '#web/components/detail.tsx';
import { RenewalCard, RenewButton } from './renewal-card.tsx';
import { CancellationCard } from './cancellation-card.tsx';
import { DocumentsCard } from '#web/components/documents/documents-card.tsx';
import { TasksCard } from '#web/components/crm/tasks-card.tsx';
import { CommissionCard } from '#web/components/commission-card.tsx';
import { PolicyCardButton } from '#web/components/portal/policy-card-button.tsx';

export function PolicyInformation({ policy }: { policy: PolicyDetail }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Detail label="Policy Number">{policy.policy_number}</Detail>
      <Detail label="Insurance Company">{policy.insurance_company}</Detail>
      <Detail label="Policy Type">{POLICY_TYPE_LABEL[policy.policy_type] ?? policy.policy_type}</Detail>
      <Detail label="Premium Amount">{formatMoney(policy.premium_amount)}</Detail>
      <Detail label="Coverage Amount">{formatMoney(policy.coverage_amount)}</Detail>
      <Detail label="Deductible">{formatMoney(policy.deductible)}</Detail>
      <Detail label="Start Date">{formatDay(policy.start_date)}</Detail>
      <Detail label="End Date">{formatDay(policy.end_date)}</Detail>
      <Detail label="Term">{termLengthLabel(policy.start_date, policy.end_date)}</Detail>
      <Detail label="Status">
        <StatusBadge status={policy.status} />
      </Detail>
    </dl>
  );
}

/** The line's details, rendered from its file in src/shared/lines. */
export function TypeDetails({ policy }: { policy: PolicyDetail }) {
  return <LineDetailsView policy={policy} />;
}

export function PolicyDetailsPage() {
  const { id = '' } = useParams();
  const query = usePolicy(id);
  if (!query.isSuccess)
    return <RecordState query={query} loading="Loading policy" loadError={POLICY_TEXT.loadError} back={{ to: '/dashboard/policies', label: 'Back to policies' }} />;
  const policy = query.data;
  const customer = policy.customer;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Policy {policy.policy_number}</h1>
          <p className="text-sm text-slate-600">
            {POLICY_TYPE_LABEL[policy.policy_type]} insurance with {policy.insurance_company}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to={`/dashboard/policies/${policy.id}/edit`}>
              <Pencil className="h-4 w-4" aria-hidden /> Edit
            </Link>
          </Button>
          <Button variant="outline" onClick={() => window.open(`/dashboard/policies/${policy.id}/print`, '_blank', 'noopener')}>
            <Printer className="h-4 w-4" aria-hidden /> Print
          </Button>
          <PolicyCardButton policyId={policy.id} policyType={policy.policy_type} status={policy.status} bound={policy.bound} />
          <RenewButton policy={policy} />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader className="flex flex-row items-center justify-between">
              <CardTitle>Policy Information</CardTitle>
              <StatusBadge status={policy.status} />
            </CardHeader>
            <CardContent>
              <PolicyInformation policy={policy} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <LineIcon line={policy.policy_type} />
                {lineOf(policy.policy_type).detailsTitle}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <TypeDetails policy={policy} />
            </CardContent>
          </Card>
          {/* Further policy cards (e.g. premium payments) go here, one line each. */}
          <RenewalCard policy={policy} />
          <CancellationCard policy={policy} />
          <PolicyPayments policyId={policy.id} policyNumber={policy.policy_number} clientName={policy.customer_name} />
          <CommissionCard policyId={policy.id} />
          <DocumentsCard policyId={policy.id} />
          <TasksCard target={{ policyId: policy.id }} />
        </div>
        <Card className="h-fit">
          <CardHeader>
            <CardTitle>Customer Information</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-4">
              <Detail label="Name">{customer?.name ?? policy.customer_name}</Detail>
              <Detail label="Email">{customer?.email ?? policy.customer_email}</Detail>
              <Detail label="Phone">{customer ? customer.phone : policy.customer_phone}</Detail>
            </dl>
            {customer ? (
              <Button variant="link" asChild className="mt-4 px-0">
                <Link to={`/dashboard/customers/${customer.id}`}>View customer profile</Link>
              </Button>
            ) : null}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
