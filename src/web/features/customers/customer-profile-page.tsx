// /dashboard/customers/:id — Customer Profile (agency.md §2).
import { Link, useParams } from 'react-router';
import { Pencil, Plus, Target } from 'lucide-react';
import { missingLine, newOpportunityHref, OPPORTUNITY_TEXT } from '#shared/pipeline.ts';
import { CUSTOMER_TEXT, CUSTOMER_TYPE_LABEL, joinedAddress, type CustomerDetail } from '#shared/customers.ts';
import { todayIso } from '#shared/money.ts';
import { customerPolicyState, POLICY_TYPE_LABEL } from '#shared/policies.ts';
import { useFeature } from '#web/lib/session.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { DataList, type ListColumn } from '#web/components/list-kit/data-list.tsx';
import { formatDay } from '#web/lib/format.ts';
import { Detail, RecordState } from '#web/components/detail.tsx';
import { CommunicationLog } from './communication-log.tsx';
import { DocumentsCard } from '#web/components/documents/documents-card.tsx';
import { TasksCard } from '#web/components/crm/tasks-card.tsx';
import { PortalCard } from '#web/components/portal/portal-card.tsx';
import { PortalMessagesCard } from '#web/components/portal/portal-messages-card.tsx';
import { SignaturesCard } from '#web/components/portal/signature-requests.tsx';
import { useCustomer } from '#web/lib/customers.ts';

/** A customer with only one line: "Create opportunity" for the other one (CRM, Business and above). */
function CrossSellButton({ customerId, lines }: { customerId: string; lines: string[] }) {
  const crm = useFeature('crm');
  const missing = missingLine(lines);
  if (!crm.allowed || !missing) return null;
  return (
    <Button variant="outline" asChild>
      <Link to={newOpportunityHref(customerId, missing)} title={`An opportunity for ${POLICY_TYPE_LABEL[missing]}`}>
        <Target className="h-4 w-4" aria-hidden /> {OPPORTUNITY_TEXT.createOpportunity}
      </Link>
    </Button>
  );
}

type CustomerPolicy = CustomerDetail['policies'][number];

/** The Associated Policies list: a table on wide screens, one card per policy on phones (the list kit). */
function policyColumns(today: string): ListColumn<CustomerPolicy>[] {
  return [
    { id: 'number', header: 'Policy #', primary: true, className: 'font-medium text-slate-900', cell: (p) => p.policy_number },
    {
      id: 'status',
      header: 'Status',
      cell: (p) => {
        const active = customerPolicyState(p, today) === 'active';
        return <Badge tone={active ? 'green' : 'orange'}>{active ? 'Active' : 'Expired'}</Badge>;
      },
    },
    { id: 'end', header: 'End Date', className: 'whitespace-nowrap', cell: (p) => formatDay(p.end_date) },
  ];
}

export function CustomerProfilePage() {
  const { id = '' } = useParams();
  const query = useCustomer(id);
  if (!query.isSuccess)
    return <RecordState query={query} loading="Loading customer" loadError={CUSTOMER_TEXT.loadError} back={{ to: '/dashboard/customers', label: 'Back to customers' }} />;
  const c = query.data;
  const today = todayIso();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-semibold text-slate-900">{c.name}</h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to={`/dashboard/customers/${c.id}/edit`}>
              <Pencil className="h-4 w-4" aria-hidden /> Edit Customer
            </Link>
          </Button>
          <CrossSellButton customerId={c.id} lines={c.policies.map((p) => p.policy_type)} />
          <Button asChild>
            <Link to={`/dashboard/policies/new?customer=${c.id}`}>
              <Plus className="h-4 w-4" aria-hidden /> Add Policy
            </Link>
          </Button>
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle>Contact</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-4">
              <Detail label="Type">{CUSTOMER_TYPE_LABEL[c.customer_type] ?? c.customer_type}</Detail>
              <Detail label="Email">{c.email}</Detail>
              <Detail label="Phone">{c.phone}</Detail>
              <Detail label="Address">{joinedAddress(c)}</Detail>
              {c.date_of_birth ? <Detail label="Date of Birth">{formatDay(c.date_of_birth)}</Detail> : null}
            </dl>
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Notes</CardTitle>
          </CardHeader>
          <CardContent>
            {c.notes ? <p className="whitespace-pre-wrap text-sm text-slate-700">{c.notes}</p> : <p className="text-sm text-slate-500">{CUSTOMER_TEXT.noNotes}</p>}
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Associated Policies</CardTitle>
        </CardHeader>
        <DataList
          label="Associated Policies"
          columns={policyColumns(today)}
          source={{ isPending: false, isError: false, error: null, data: { rows: c.policies }, refetch: () => query.refetch() }}
          rowKey={(p) => p.id}
          rowLabel={(p) => `policy ${p.policy_number}`}
          empty="No policies for this customer yet."
          actions={(p) => (
            <Button variant="link" size="sm" asChild>
              <Link to={`/dashboard/policies/${p.id}`} aria-label={`View policy ${p.policy_number}`}>
                View
              </Link>
            </Button>
          )}
        />
      </Card>
      <DocumentsCard customerId={c.id} />
      <TasksCard target={{ customerId: c.id }} />
      <CommunicationLog customerId={c.id} />
      <PortalCard customerId={c.id} />
      <PortalMessagesCard customerId={c.id} />
      <SignaturesCard customerId={c.id} />
    </div>
  );
}
