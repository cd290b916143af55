// The lines on a carrier statement but not in the book (issue 31): match one to a policy of the book
// (the carrier prints another number: match-dialog.tsx), create the policy from it (the new-policy
// form filled from it; once saved, the line pays it), or ignore it with a reason (and undo the
// ignore). On the Statements view and on the reconciliation (all statements', or one statement's).
import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { FilePlus2, Link2, Undo2 } from 'lucide-react';
import { COMMISSION_TEXT } from '#shared/commissions.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { formatDay } from '#web/lib/format.ts';
import { notify } from '#web/lib/toast.ts';
import { reopenLine } from '#web/lib/statement-line.ts';
import { signedMoney } from './signed-money.ts';
import { MatchDialog } from './match-dialog.tsx';
import { useIgnoreLine, useUnmatched, type UnmatchedLine } from './queries.ts';

/**
 * The lines not in the book: every statement's, or one statement's (the reconciliation of that
 * statement). `hideWhenEmpty`: nothing at all when no line is left (the reconciliation).
 */
export function UnmatchedLines({ statement, hideWhenEmpty = Boolean(statement) }: { statement?: string; hideWhenEmpty?: boolean }) {
  const q = useUnmatched();
  const lines = (q.data?.lines ?? []).filter((l) => !statement || l.statement_id === statement);
  if (hideWhenEmpty && !lines.length) return null;
  const open = lines.filter((l) => l.status === 'unmatched').length;
  return (
    <Card data-testid="not-in-book">
      <CardHeader>
        <CardTitle>
          {statement ? 'On this statement but not in the book' : 'On a statement but not in the book'}
          {q.data ? <span className="ml-2 text-sm font-normal text-slate-600">({open} to match{lines.length > open ? `, ${lines.length - open} ignored` : ''})</span> : null}
        </CardTitle>
        <p className="text-sm text-slate-600">
          Match the line to a policy of your book (the carrier may print another number), create the policy from it (once saved, the line pays it), or ignore it with a
          reason.
        </p>
      </CardHeader>
      <CardContent>
        {q.isPending ? <p className="text-sm text-slate-500">Loading…</p> : null}
        {q.data && lines.length === 0 ? <p className="text-sm text-slate-600">Every statement line matched a policy.</p> : null}
        <ul className="divide-y divide-slate-100">
          {lines.map((l) => (
            <UnmatchedItem key={l.id} line={l} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function UnmatchedItem({ line }: { line: UnmatchedLine }) {
  const ignore = useIgnoreLine();
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reopening, setReopening] = useState(false);
  const [matching, setMatching] = useState(false);
  const what = line.policy_number ?? line.insured_name ?? 'No policy number';
  return (
    <li className="flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-medium text-slate-900">
          {what} · {signedMoney(line.amount)} · {formatDay(line.received_on)}
        </p>
        <p className="text-slate-600">{line.status === 'ignored' ? `Ignored: ${line.reason}` : line.reason}</p>
      </div>
      {line.status === 'ignored' ? (
        <Button
          variant="outline"
          size="sm"
          disabled={reopening}
          aria-label={`Undo ignore of ${what}`}
          onClick={() => {
            setReopening(true);
            reopenLine(qc, line.id)
              .then(() => notify.success(COMMISSION_TEXT.lineReopened))
              .catch((err: unknown) => notify.error(errorMessage(err)))
              .finally(() => setReopening(false));
          }}
        >
          <Undo2 className="h-4 w-4" aria-hidden /> Undo ignore
        </Button>
      ) : null}
      {line.status === 'unmatched' ? (
        <div className="flex flex-wrap items-start gap-2">
          <Button variant="outline" size="sm" onClick={() => setMatching(true)} aria-label={`Match ${what} to a policy`}>
            <Link2 className="h-4 w-4" aria-hidden /> Match to a policy
          </Button>
          <MatchDialog line={line} open={matching} onOpenChange={setMatching} />
          <Button variant="outline" size="sm" asChild>
            <Link to={`/dashboard/policies/new?from_line=${line.id}`} aria-label={`Create the policy of ${what}`}>
              <FilePlus2 className="h-4 w-4" aria-hidden /> Create the policy
            </Link>
          </Button>
          <form
            className="flex flex-wrap items-start gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              ignore.mutate(
                { id: line.id, reason },
                {
                  onSuccess: () => {
                    setError(null);
                    notify.successWithAction(COMMISSION_TEXT.lineIgnored, what, {
                      label: 'Undo',
                      onClick: () =>
                        void reopenLine(qc, line.id).then(
                          () => notify.success(COMMISSION_TEXT.lineReopened),
                          (err: unknown) => notify.error(errorMessage(err)),
                        ),
                    });
                  },
                  onError: (err) => setError(errorMessage(err)),
                },
              );
            }}
          >
            <label className="sr-only" htmlFor={`ignore-${line.id}`}>
              Reason to ignore
            </label>
            <Input id={`ignore-${line.id}`} className="w-48" placeholder="Reason to ignore" value={reason} onChange={(e) => setReason(e.target.value)} />
            <Button variant="outline" size="sm" type="submit" disabled={ignore.isPending}>
              Ignore
            </Button>
            {error ? (
              <p role="alert" className="w-full text-red-600">
                {error}
              </p>
            ) : null}
          </form>
        </div>
      ) : null}
    </li>
  );
}
