// /dashboard/crm/opportunities/:id: the opportunity's fields, Edit, Won and Lost, the stage history
// (who and when), and, once the tasks branch is merged, its Tasks card.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Pencil, Trash2, Trophy, XCircle } from 'lucide-react';
import { newPolicyHref, OPPORTUNITY_STAGE_LABEL, OPPORTUNITY_TEXT, type OpportunityDetail } from '#shared/pipeline.ts';
import { formatMoney } from '#shared/money.ts';
import { POLICY_TYPE_LABEL } from '#shared/policies.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { Detail, RecordState } from '#web/components/detail.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { TasksCard } from '#web/components/crm/tasks-card.tsx';
import { FeatureGate } from '#web/app/guards.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { formatDay } from '#web/lib/format.ts';
import { notify } from '#web/lib/toast.ts';
import { OpportunityDialog } from './opportunity-dialog.tsx';
import { useDeleteOpportunity, useOpportunity } from './queries.ts';
import { useStageActions } from './stage-actions.tsx';

export function OpportunityPage() {
  return (
    <FeatureGate feature="crm">
      <OpportunityView />
    </FeatureGate>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function History({ o }: { o: OpportunityDetail }) {
  return (
    <ol aria-label="Stage history" className="space-y-3" data-testid="stage-history">
      {[...o.history].reverse().map((h, i) => (
        <li key={i} className="flex flex-col gap-0.5 border-l-2 border-slate-200 pl-3 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
          <span className="text-slate-900">
            {h.from_stage ? `${OPPORTUNITY_STAGE_LABEL[h.from_stage]} → ${OPPORTUNITY_STAGE_LABEL[h.to_stage]}` : `Created in ${OPPORTUNITY_STAGE_LABEL[h.to_stage]}`}
          </span>
          <span className="text-xs text-slate-500">
            {h.changed_by_name ?? 'Someone no longer here'} · <time dateTime={h.changed_at}>{when(h.changed_at)}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}

function OpportunityView() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useOpportunity(id);
  const { moveTo, dialogs, pending } = useStageActions();
  const remove = useDeleteOpportunity();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const o = query.data;
  if (!o) return <RecordState query={query} loading="Loading opportunity" loadError={(m) => `Error loading opportunity: ${m}`} back={{ to: '/dashboard/crm/pipeline', label: 'Back to the pipeline' }} />;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        title={o.name}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {POLICY_TYPE_LABEL[o.line]} opportunity <Badge data-testid="opportunity-stage">{OPPORTUNITY_STAGE_LABEL[o.stage]}</Badge>
          </span>
        }
        actions={
          <>
            {o.stage === 'won' && o.customer_id ? (
              <Button asChild>
                <Link to={newPolicyHref(o.customer_id, o.line, o.estimated_premium)}>Create the policy</Link>
              </Button>
            ) : null}
            {o.stage !== 'won' ? (
              <Button onClick={() => moveTo(o, 'won')} disabled={pending}>
                <Trophy className="h-4 w-4" aria-hidden /> Won
              </Button>
            ) : null}
            {o.stage !== 'won' && o.stage !== 'lost' ? (
              <Button variant="outline" onClick={() => moveTo(o, 'lost')} disabled={pending}>
                <XCircle className="h-4 w-4" aria-hidden /> Lost
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil className="h-4 w-4" aria-hidden /> Edit
            </Button>
            <Button variant="outline" onClick={() => setDeleting(true)} aria-label="Delete opportunity">
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>Opportunity</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Detail label="Customer">{o.customer_id ? <Link className="text-brand-700 hover:underline" to={`/dashboard/customers/${o.customer_id}`}>{o.customer_name}</Link> : 'Prospect'}</Detail>
            {o.prospect_name ? <Detail label="Prospect">{o.prospect_name}</Detail> : null}
            {o.customer_id && !o.converted_at ? null : <Detail label="E-mail">{o.prospect_email}</Detail>}
            {o.customer_id && !o.converted_at ? null : <Detail label="Phone">{o.prospect_phone}</Detail>}
            <Detail label="Source">{o.source}</Detail>
            <Detail label="Line">{POLICY_TYPE_LABEL[o.line]}</Detail>
            <Detail label="Estimated premium">{formatMoney(o.estimated_premium)}</Detail>
            <Detail label="Expected close">{o.expected_close_date ? formatDay(o.expected_close_date) : null}</Detail>
            <Detail label="Assignee">{o.assignee_name ?? 'Unassigned'}</Detail>
            <Detail label="Stage">{OPPORTUNITY_STAGE_LABEL[o.stage]}</Detail>
            {o.stage === 'lost' ? <Detail label="Lost reason">{o.lost_reason}</Detail> : null}
            {o.converted_at ? <Detail label="Converted">{when(o.converted_at)}</Detail> : null}
            <Detail label="Created">{when(o.created_at)}</Detail>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Stage history</CardTitle>
        </CardHeader>
        <CardContent>
          <History o={o} />
        </CardContent>
      </Card>
      <TasksCard target={{ opportunityId: o.id }} />
      <OpportunityDialog open={editing} onClose={() => setEditing(false)} opportunity={o} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete this opportunity?"
        description="Its stage history goes with it. A customer it was converted into stays."
        confirmLabel="Delete"
        onConfirm={() =>
          remove.mutate(o.id, {
            onSuccess: () => {
              notify.success('Success', OPPORTUNITY_TEXT.deleted);
              navigate('/dashboard/crm/pipeline');
            },
            onError: (err) => notify.error('Error', errorMessage(err)),
          })
        }
      />
      {dialogs}
    </div>
  );
}
