// A chart with its accessible alternative: a "Show as table" toggle with the same figures.
import { useId, useState, type ReactNode } from 'react';
import { Table2 } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';

export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

export function ChartCard({ title, summary, table, children }: { title: string; summary: string; table: ChartTable; children: ReactNode }) {
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  return (
    <Card className="p-5" data-testid="chart-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold text-slate-900">{title}</h2>
          <p className="text-sm text-slate-600">{summary}</p>
        </div>
        <Button variant="outline" size="sm" aria-expanded={asTable} aria-controls={tableId} onClick={() => setAsTable((v) => !v)}>
          <Table2 className="h-4 w-4" aria-hidden /> {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </div>
      {/* the chart is a picture of the table: screen readers get the summary and the table */}
      <div className={asTable ? 'hidden' : 'mt-4 h-60'} role="img" aria-label={`${title}: ${summary}`}>
        {children}
      </div>
      <div id={tableId} className={asTable ? 'mt-4 overflow-x-auto' : 'sr-only'}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              {table.columns.map((c) => (
                <th key={c} scope="col" className="px-2 py-2">{c}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {table.rows.map((r) => (
              <tr key={String(r[0])}>
                {r.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className="px-2 py-1.5 font-medium text-slate-800">{cell}</th>
                  ) : (
                    <td key={i} className="px-2 py-1.5 tabular-nums text-slate-700">{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
