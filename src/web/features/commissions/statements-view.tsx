// Imported statements (reconcile one, download its failures, undo it) and the lines on a statement
// but not in the book (unmatched-lines.tsx).
import { useState } from 'react';
import { Link } from 'react-router';
import { Download, Undo2 } from 'lucide-react';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { formatDay } from '#web/lib/format.ts';
import { notify } from '#web/lib/toast.ts';
import { signedMoney } from './signed-money.ts';
import { StatementImport } from './statement-import.tsx';
import { UnmatchedLines } from './unmatched-lines.tsx';
import { useStatements, useUndoStatement } from './queries.ts';

export function StatementsView() {
  const statements = useStatements();
  const undo = useUndoStatement();
  const [last, setLast] = useState<string | null>(null);
  return (
    <div className="space-y-4">
      <StatementImport onImported={setLast} />
      {last ? (
        <p className="text-sm">
          <Link to={`/dashboard/commissions?statement=${last}`} className="font-medium text-brand-700 hover:underline">
            Reconcile the imported statement
          </Link>
        </p>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Imported statements</CardTitle>
        </CardHeader>
        <CardContent>
          {statements.isPending ? <p className="text-sm text-slate-500">Loading statements…</p> : null}
          {statements.isError ? (
            <p role="alert" className="text-sm text-red-600">
              {errorMessage(statements.error)}
            </p>
          ) : null}
          {statements.data && statements.data.statements.length === 0 ? <p className="text-sm text-slate-600">No statement imported yet.</p> : null}
          <ul className="divide-y divide-slate-100">
            {statements.data?.statements.map((s) => (
              <li key={s.id} className="flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-center sm:justify-between" data-testid="statement-item">
                <div>
                  <p className="font-medium text-slate-900">
                    {s.carrier} · {s.period} {s.status === 'undone' ? <Badge tone="gray">Undone</Badge> : null}
                  </p>
                  <p className="text-slate-600">
                    {s.file_name} · imported {formatDay(s.created_at.slice(0, 10))} · {s.matched} matched ({signedMoney(s.amount)}), {s.unmatched} not in the book, {s.failed}{' '}
                    failed
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {s.status === 'applied' ? (
                    <Button variant="outline" size="sm" asChild>
                      <Link to={`/dashboard/commissions?statement=${s.id}`}>Reconcile</Link>
                    </Button>
                  ) : null}
                  {s.failed > 0 ? (
                    <Button variant="outline" size="sm" asChild>
                      <a href={`/api/commissions/statements/${s.id}/failures`} download>
                        <Download className="h-4 w-4" aria-hidden /> Failures
                      </a>
                    </Button>
                  ) : null}
                  {s.status === 'applied' ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={undo.isPending}
                      onClick={() =>
                        undo.mutate(s.id, {
                          onSuccess: () => notify.success('Statement import undone', 'Its payments are no longer counted.'),
                          onError: (err) => notify.error(errorMessage(err)),
                        })
                      }
                    >
                      <Undo2 className="h-4 w-4" aria-hidden /> Undo import
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <UnmatchedLines />
    </div>
  );
}
