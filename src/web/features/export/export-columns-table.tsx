// The documented columns of one export file.
import type { ExportFile } from '#shared/export.ts';
import { td, th } from '#web/components/table-cells.tsx';

export function ExportColumnsTable({ file }: { file: ExportFile }) {
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">Columns of {file.name}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              Column
            </th>
            <th scope="col" className={th}>
              Meaning
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {file.columns.map((c) => (
            <tr key={c.name}>
              <td className={`${td} font-mono`}>{c.name}</td>
              <td className="px-4 py-2 text-sm text-slate-700">{c.about}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
