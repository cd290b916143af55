// The file as the import will read it: what happens to its rows (counted over the whole file), then the
// first 20 rows with the key fields and each row's outcome — imported, a duplicate skipped or updated (and
// what it duplicates), or its errors. A table, and cards below 640 px so a row's outcome is never scrolled
// out of sight.
import { IMPORT_FIELDS, IMPORT_TEXT, PREVIEW_STATUS_TEXT, type ImportKind, type ImportPreview, type PreviewRow, type PreviewStatus } from '#shared/imports.ts';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { td, th } from '#web/components/table-cells.tsx';

const SHOWN: Record<ImportKind, string[]> = {
  customers: ['name', 'email', 'phone'],
  policies: ['policy_number', 'policy_type', 'customer_email', 'premium_amount'],
};

const TONE: Record<PreviewStatus, BadgeTone> = { import: 'green', update: 'blue', skip: 'yellow', invalid: 'red' };
const ROW_TINT: Record<PreviewStatus, string | undefined> = { import: undefined, update: 'bg-blue-50', skip: 'bg-yellow-50', invalid: 'bg-red-50' };

/** The row's outcome and why: what it duplicates, or its errors. */
function Outcome({ row }: { row: PreviewRow }) {
  const why = row.status === 'invalid' ? row.errors.join(' ') : row.duplicate;
  return (
    <div className="space-y-1" data-testid="import-row-status">
      <Badge tone={TONE[row.status]}>{PREVIEW_STATUS_TEXT[row.status]}</Badge>
      {why ? <p className={`text-sm ${row.status === 'invalid' ? 'text-red-700' : 'text-slate-700'}`}>{why}</p> : null}
    </div>
  );
}

function Summary({ preview }: { preview: ImportPreview }) {
  const { summary } = preview;
  const parts = [
    { n: summary.import, text: IMPORT_TEXT.summaryImport(summary.import), tone: 'text-green-700' },
    { n: summary.update, text: IMPORT_TEXT.summaryUpdate(summary.update), tone: 'text-blue-700' },
    { n: summary.skip, text: IMPORT_TEXT.summarySkip(summary.skip), tone: 'text-yellow-800' },
    { n: summary.invalid, text: IMPORT_TEXT.summaryFail(summary.invalid), tone: 'text-red-700' },
  ].filter((p, i) => p.n > 0 || i === 0);
  return (
    <div className="mb-2 text-sm text-slate-700" data-testid="import-preview-summary">
      <p>
        {IMPORT_TEXT.previewSummary(preview.total)}{' '}
        {parts.map((p, i) => (
          <span key={p.text} className={`font-medium ${p.tone}`}>
            {p.text}
            {i < parts.length - 1 ? ', ' : '.'}
          </span>
        ))}
      </p>
      <p className="text-slate-500">{IMPORT_TEXT.previewShown(preview.rows.length, preview.total)}</p>
    </div>
  );
}

export function ImportPreviewTable({ kind, preview }: { kind: ImportKind; preview: ImportPreview }) {
  const fields = IMPORT_FIELDS[kind].filter((f) => SHOWN[kind].includes(f.key));
  const cell = (row: PreviewRow, key: string) => {
    const index = preview.mapping[key];
    return index == null ? '' : (row.values[index] ?? '');
  };
  return (
    <div>
      <Summary preview={preview} />
      <ul className="space-y-2 sm:hidden" aria-label="Import preview rows">
        {preview.rows.map((row) => (
          <li key={row.line} className={`rounded-md border border-slate-200 p-3 text-sm ${ROW_TINT[row.status] ?? ''}`}>
            <p className="font-medium text-slate-900">
              {IMPORT_TEXT.rowColumn} {row.line}
            </p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
              {fields.map((f) => [
                <dt key={`${f.key}-t`} className="text-slate-500">
                  {f.label}
                </dt>,
                <dd key={`${f.key}-d`} className="break-all text-slate-800">
                  {cell(row, f.key)}
                </dd>,
              ])}
            </dl>
            <div className="mt-2">
              <Outcome row={row} />
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-md border border-slate-200 sm:block">
        <table className="min-w-full divide-y divide-slate-200">
          <caption className="sr-only">Import preview</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={th}>
                {IMPORT_TEXT.rowColumn}
              </th>
              {fields.map((f) => (
                <th key={f.key} scope="col" className={th}>
                  {f.label}
                </th>
              ))}
              <th scope="col" className={th}>
                {IMPORT_TEXT.outcomeColumn}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.rows.map((row) => (
              <tr key={row.line} className={ROW_TINT[row.status]}>
                <td className={td}>{row.line}</td>
                {fields.map((f) => (
                  <td key={f.key} className={`${td} max-w-[16rem] truncate`} title={cell(row, f.key)}>
                    {cell(row, f.key)}
                  </td>
                ))}
                <td className="min-w-[14rem] px-4 py-3 text-sm">
                  <Outcome row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
