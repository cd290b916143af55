// The policy page's renewal parts: the Renew button, and a card with the renewal state, the assignee,
// Mark lost / undo, and the chain of terms (previous and next).
import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ArrowRight, RefreshCw } from 'lucide-react';
import type { PolicyDetail } from '#shared/policies.ts';
import { LOST_REASON_LABEL, RENEWAL_TEXT, type TermLink } from '#shared/renewals.ts';
import { termLengthLabel } from '#shared/terms.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useFeature } from '#web/lib/session.ts';
import { formatDay } from '#web/lib/format.ts';
import { AssignDialog, MarkLostDialog } from '#web/components/renewal-dialogs.tsx';
import { useUndoLost } from '#web/lib/renewals.ts';
import { RemarketBadge, RenewalStateBadge } from '#web/components/badges.tsx';

/** A term's dates and its length: a 6-month term and its 6-month renewal read as such. */
function TermSpan({ term }: { term: TermLink }) {
  return (
    <>
      {formatDay(term.start_date)} – {formatDay(term.end_date)} · {termLengthLabel(term.start_date, term.end_date)}
    </>
  );
}

export function RenewButton({ policy }: { policy: PolicyDetail }) {
  if (policy.renewal_state === 'renewed' || policy.renewal_state === 'lost') return null;
  return (
    <Button asChild>
      <Link to={`/dashboard/policies/${policy.id}/renew`}>
        <RefreshCw className="h-4 w-4" aria-hidden /> Renew
      </Link>
    </Button>
  );
}

export function RenewalCard({ policy }: { policy: PolicyDetail }) {
  const { allowed } = useFeature('renewals');
  const [losing, setLosing] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const undo = useUndoLost();
  const ref = { id: policy.id, policy_number: policy.policy_number, assignee_id: policy.assignee_id };
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Renewal</CardTitle>
        <span className="flex items-center gap-2">
          {policy.remarket ? <RemarketBadge /> : null}
          <RenewalStateBadge state={policy.renewal_state} />
        </span>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Assignee</dt>
            <dd className="mt-1 text-slate-900" data-testid="policy-assignee">
              {policy.assignee_name ?? RENEWAL_TEXT.unassigned}
            </dd>
          </div>
          {policy.renewal_state === 'lost' && policy.lost_reason ? (
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Lost reason</dt>
              <dd className="mt-1 text-slate-900">
                {LOST_REASON_LABEL[policy.lost_reason]}
                {policy.lost_note ? ` — ${policy.lost_note}` : ''}
              </dd>
            </div>
          ) : null}
        </dl>
        <nav aria-label={RENEWAL_TEXT.chainTitle} className="grid gap-2 sm:grid-cols-2" data-testid="term-chain">
          {policy.previous_term ? (
            <Link to={`/dashboard/policies/${policy.previous_term.id}`} className="flex items-center gap-2 rounded-md border border-slate-200 p-3 hover:bg-slate-50">
              <ArrowLeft className="h-4 w-4 shrink-0" aria-hidden />
              <span>
                {RENEWAL_TEXT.previousTerm}: <strong>{policy.previous_term.policy_number}</strong>
                <span className="block text-xs text-slate-500">
                  <TermSpan term={policy.previous_term} />
                </span>
              </span>
            </Link>
          ) : (
            <p className="rounded-md border border-dashed border-slate-200 p-3 text-slate-500">{RENEWAL_TEXT.previousTerm}: none</p>
          )}
          {policy.next_term ? (
            <Link to={`/dashboard/policies/${policy.next_term.id}`} className="flex items-center justify-end gap-2 rounded-md border border-slate-200 p-3 text-right hover:bg-slate-50">
              <span>
                {RENEWAL_TEXT.nextTerm}: <strong>{policy.next_term.policy_number}</strong>
                <span className="block text-xs text-slate-500">
                  <TermSpan term={policy.next_term} />
                </span>
              </span>
              <ArrowRight className="h-4 w-4 shrink-0" aria-hidden />
            </Link>
          ) : (
            <p className="rounded-md border border-dashed border-slate-200 p-3 text-slate-500">{RENEWAL_TEXT.nextTerm}: not renewed yet</p>
          )}
        </nav>
        {allowed && policy.renewal_state !== 'renewed' ? (
          <div className="flex flex-wrap gap-2">
            {policy.renewal_state === 'lost' ? (
              <Button
                variant="outline"
                size="sm"
                disabled={undo.isPending}
                onClick={() => undo.mutate(policy.id, { onSuccess: () => notify.success('Success', RENEWAL_TEXT.lostUndone), onError: (e) => notify.error('Error', errorMessage(e)) })}
              >
                Undo Mark lost
              </Button>
            ) : (
              <Button variant="outline" size="sm" onClick={() => setLosing(true)}>
                Mark lost
              </Button>
            )}
            <Button variant="outline" size="sm" onClick={() => setAssigning(true)}>
              Assign
            </Button>
          </div>
        ) : null}
      </CardContent>
      <MarkLostDialog row={losing ? ref : null} onClose={() => setLosing(false)} />
      <AssignDialog row={assigning ? ref : null} onClose={() => setAssigning(false)} />
    </Card>
  );
}
