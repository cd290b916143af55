// The table of one report (columns and rows as the server answers them, then the totals row).
// One component for the page and the printable view, so both show what the CSV holds. On phones
// the page shows the list kit's cards (every column a labelled value) and a totals card instead.
import type { ReactNode } from 'react';
import { formatMoney } from '#shared/money.ts';
import { REPORT_TEXT, totalsLine, type ReportColumn, type ReportResult, type ReportRow } from '#shared/reports.ts';
import { formatDay } from '#web/lib/format.ts';
import { TableState, td, th } from '#web/components/table-cells.tsx';
import { DataList, type ListColumn } from '#web/components/list-kit/data-list.tsx';
import { useWide } from '#web/components/list-kit/use-wide.ts';

function cell(column: ReportColumn, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (column.kind === 'money') return formatMoney(String(value));
  if (column.kind === 'date') return formatDay(String(value));
  if (column.kind === 'count') return Number(value).toLocaleString('en-US');
  return String(value);
}

const numeric = (c: ReportColumn) => c.kind === 'money' || c.kind === 'count';

interface ReportTableProps {
  result: ReportResult | undefined;
  loading?: boolean;
  error?: string | null;
  caption: string;
  /** a last column of row actions on screen (never printed, never in the CSV) */
  rowAction?: { header: string; cell: (row: ReportRow) => ReactNode };
  onRetry?: () => void;
  /** below 768 px, cards instead of the table (the page; the printable view stays a table) */
  cardsOnPhones?: boolean;
}

export function ReportTable(props: ReportTableProps) {
  const wide = useWide();
  return props.cardsOnPhones && !wide ? <ReportCards {...props} /> : <Table {...props} />;
}

type IndexedRow = ReportRow & { __index: number };

function ReportCards({ result, loading = false, error = null, caption, rowAction, onRetry }: ReportTableProps) {
  const columns: ListColumn<IndexedRow>[] = (result?.columns ?? []).map((c, i) => ({ id: c.key, header: c.label, primary: i === 0, cell: (row) => cell(c, row[c.key]) }));
  const totals = result ? totalsLine(result) : [];
  const rows = result?.rows.map((row, i) => ({ ...row, __index: i }));
  return (
    <div>
      <DataList<IndexedRow>
        label={caption}
        columns={columns}
        source={{ isPending: loading && !result, isError: Boolean(error), error, data: rows ? { rows } : undefined, refetch: () => onRetry?.() }}
        rowKey={(row) => String(row.__index)}
        rowLabel={(row) => String(row[result?.columns[0]?.key ?? ''] ?? '')}
        empty={REPORT_TEXT.empty}
        errorText={() => error}
        actions={rowAction ? (row) => rowAction.cell(row) : undefined}
      />
      {result && result.rows.length > 0 ? (
        <div data-testid="report-totals" className="border-t-2 border-slate-300 bg-slate-50 px-4 py-4">
          <p className="font-semibold text-slate-900">{totals[0]}</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {result.columns.map((c, i) =>
              i > 0 && totals[i] ? (
                <div key={c.key} className="contents">
                  <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{c.label}</dt>
                  <dd className="font-semibold tabular-nums text-slate-900">{cell(c, totals[i])}</dd>
                </div>
              ) : null,
            )}
          </dl>
        </div>
      ) : null}
      {result?.truncated ? <p className="px-4 py-2 text-xs text-slate-500">{REPORT_TEXT.truncated(result.rows.length)}</p> : null}
    </div>
  );
}

function Table({ result, loading = false, error = null, caption, rowAction }: ReportTableProps) {
  const columns = result?.columns ?? [];
  const totals = result ? totalsLine(result) : [];
  return (
    <div className="overflow-x-auto print:overflow-visible">
      <table className="min-w-full divide-y divide-slate-200 print:text-xs">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={`${th} ${numeric(c) ? 'text-right' : ''} print:px-2`}>
                {c.label}
              </th>
            ))}
            {rowAction ? (
              <th scope="col" className={`${th} print:hidden`}>
                {rowAction.header}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {!result || result.rows.length === 0 ? (
            <TableState colSpan={Math.max(columns.length + (rowAction ? 1 : 0), 1)} loading={loading && !result} error={error} empty={REPORT_TEXT.empty} />
          ) : (
            result.rows.map((row, i) => (
              <tr key={i} className="break-inside-avoid">
                {columns.map((c) => (
                  <td key={c.key} className={`${td} ${numeric(c) ? 'text-right tabular-nums' : ''} print:px-2 print:py-1`}>
                    {cell(c, row[c.key])}
                  </td>
                ))}
                {rowAction ? <td className={`${td} print:hidden`}>{rowAction.cell(row)}</td> : null}
              </tr>
            ))
          )}
        </tbody>
        {result && result.rows.length > 0 ? (
          <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold">
            <tr data-testid="report-totals">
              {columns.map((c, i) => (
                <td key={c.key} className={`${td} ${numeric(c) ? 'text-right tabular-nums' : ''} font-semibold text-slate-900 print:px-2`}>
                  {i === 0 ? totals[0] : totals[i] ? cell(c, totals[i]) : ''}
                </td>
              ))}
              {rowAction ? <td className="print:hidden" /> : null}
            </tr>
          </tfoot>
        ) : null}
      </table>
      {result?.truncated ? <p className="px-4 py-2 text-xs text-slate-500">{REPORT_TEXT.truncated(result.rows.length)}</p> : null}
    </div>
  );
}
