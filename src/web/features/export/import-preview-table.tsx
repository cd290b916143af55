// The first 20 rows of an import as they will be read: the key fields and each row's errors (a table,
// and cards below 640 px so a row's errors are never scrolled out of sight).
import { IMPORT_FIELDS, type ImportKind, type ImportPreview } from '#shared/imports.ts';
import { td, th } from '#web/components/list-parts.tsx';

const SHOWN: Record<ImportKind, string[]> = {
  customers: ['name', 'email', 'phone'],
  policies: ['policy_number', 'policy_type', 'customer_email', 'premium_amount'],
};

export function ImportPreviewTable({ kind, preview }: { kind: ImportKind; preview: ImportPreview }) {
  const fields = IMPORT_FIELDS[kind].filter((f) => SHOWN[kind].includes(f.key));
  const bad = preview.rows.filter((r) => r.errors.length).length;
  return (
    <div>
      <p className="mb-2 text-sm text-slate-600">
        Preview of the first {preview.rows.length} of {preview.total.toLocaleString('en-US')} rows
        {bad ? ` — ${bad} with errors (they will be listed as failed)` : ''}.
      </p>
      <ul className="space-y-2 sm:hidden" aria-label="Import preview rows">
        {preview.rows.map((row) => (
          <li key={row.line} className={`rounded-md border p-3 text-sm ${row.errors.length ? 'border-red-200 bg-red-50' : 'border-slate-200'}`}>
            <p className="font-medium text-slate-900">Line {row.line}</p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
              {fields.map((f) => {
                const index = preview.mapping[f.key];
                return [
                  <dt key={`${f.key}-t`} className="text-slate-500">
                    {f.label}
                  </dt>,
                  <dd key={`${f.key}-d`} className="break-all text-slate-800">
                    {index == null ? '' : (row.values[index] ?? '')}
                  </dd>,
                ];
              })}
            </dl>
            <p className="mt-1">{row.errors.length ? <span className="text-red-700">{row.errors.join(' ')}</span> : <span className="text-green-700">OK</span>}</p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-md border border-slate-200 sm:block">
        <table className="min-w-full divide-y divide-slate-200">
          <caption className="sr-only">Import preview</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={th}>
                Line
              </th>
              {fields.map((f) => (
                <th key={f.key} scope="col" className={th}>
                  {f.label}
                </th>
              ))}
              <th scope="col" className={th}>
                Check
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.rows.map((row) => (
              <tr key={row.line} className={row.errors.length ? 'bg-red-50' : undefined}>
                <td className={td}>{row.line}</td>
                {fields.map((f) => {
                  const index = preview.mapping[f.key];
                  return (
                    <td key={f.key} className={td}>
                      {index == null ? '' : (row.values[index] ?? '')}
                    </td>
                  );
                })}
                <td className="px-4 py-3 text-sm">
                  {row.errors.length ? <span className="text-red-700">{row.errors.join(' ')}</span> : <span className="text-green-700">OK</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
