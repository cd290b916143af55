// One chart with its accessible table alternative and a CSV download of the same numbers.
import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import { chartCsv } from '#shared/analytics.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { td, th } from '#web/components/table-cells.tsx';
import { downloadText } from '#web/lib/analytics.ts';

export interface ChartTable {
  header: string[];
  /** raw values for the CSV (exact decimals, yyyy-MM months) */
  rows: (string | number)[][];
  /** what the table shows (formatted money) */
  shown: string[][];
}

export function ChartCard({ title, description, file, table, children }: { title: string; description?: string; file: string; table: ChartTable; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div>
          <CardTitle>{title}</CardTitle>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        <Button variant="outline" size="sm" onClick={() => downloadText(`${file}.csv`, chartCsv(table.header, table.rows))} aria-label={`Download CSV: ${title}`}>
          <Download className="h-4 w-4" aria-hidden /> CSV
        </Button>
      </CardHeader>
      <CardContent>
        {/* the chart is a picture of the table below, which screen readers read instead */}
        <div aria-hidden="true">{children}</div>
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">Show data table</summary>
          <div className="mt-2 overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200">
              <caption className="sr-only">{title}</caption>
              <thead className="bg-slate-50">
                <tr>
                  {table.header.map((h) => (
                    <th key={h} scope="col" className={th}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {table.shown.map((row, i) => (
                  <tr key={i}>
                    {row.map((cell, j) => (
                      <td key={j} className={td}>
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </CardContent>
    </Card>
  );
}
