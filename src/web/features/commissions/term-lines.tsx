// The lines that pay one term, opened from its row in the reconciliation (issue 31): where a line the
// import matched to the wrong policy (a short- or over-paid term) is found and moved to the right
// one, and where a line matched by hand is put back.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link2, Undo2 } from 'lucide-react';
import type { TermLine } from '#shared/commissions.ts';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { formatDay } from '#web/lib/format.ts';
import { reopenedText, reopenLine } from '#web/lib/statement-line.ts';
import { notify } from '#web/lib/toast.ts';
import { MatchDialog } from './match-dialog.tsx';
import { signedMoney } from './signed-money.ts';
import { useTermLines } from './queries.ts';

export function TermLines({ policyId, policyNumber, id }: { policyId: string; policyNumber: string; id: string }) {
  const q = useTermLines(policyId, true);
  return (
    <div id={id} className="rounded-md bg-slate-50 p-3 text-sm" data-testid="term-lines">
      <p className="mb-1 font-medium text-slate-700">What paid {policyNumber}</p>
      {q.isPending ? <p className="text-slate-500">Loading the lines…</p> : null}
      {q.isError ? (
        <p role="alert" className="text-red-600">
          {errorMessage(q.error)}
        </p>
      ) : null}
      {q.data && q.data.lines.length === 0 ? <p className="text-slate-600">No statement line or receipt pays this term.</p> : null}
      <ul className="divide-y divide-slate-200">
        {q.data?.lines.map((l) => (
          <TermLineItem key={l.id} line={l} policyNumber={policyNumber} />
        ))}
      </ul>
    </div>
  );
}

function TermLineItem({ line, policyNumber }: { line: TermLine; policyNumber: string }) {
  const qc = useQueryClient();
  const [matching, setMatching] = useState(false);
  const [busy, setBusy] = useState(false);
  const what = line.policy_number ?? line.insured_name ?? 'No policy number';
  const source = line.statement ? `${line.statement.carrier} statement ${line.statement.period}` : 'Received by hand';
  return (
    <li className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-slate-900">
          {signedMoney(line.amount)} · {formatDay(line.received_on)} · {source}
          {line.statement ? ` · line of ${what}` : ''}
        </p>
        {line.reason ? <p className="text-slate-600">{line.reason}</p> : null}
      </div>
      {line.statement_id ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setMatching(true)} aria-label={`Match the line of ${what} to another policy`}>
            <Link2 className="h-4 w-4" aria-hidden /> Match to another policy
          </Button>
          <MatchDialog line={line} open={matching} onOpenChange={setMatching} currentPolicy={policyNumber} />
          {line.matched_by_hand ? (
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={`Put the line of ${what} back`}
              onClick={() => {
                setBusy(true);
                reopenLine(qc, line.id)
                  .then((out) => notify.success(reopenedText(out)))
                  .catch((err: unknown) => notify.error(errorMessage(err)))
                  .finally(() => setBusy(false));
              }}
            >
              <Undo2 className="h-4 w-4" aria-hidden /> Put back
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
