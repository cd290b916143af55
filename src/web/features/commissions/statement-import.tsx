// Import a carrier statement: the carrier and month, a CSV or Excel file, the column mapping (the
// carrier's saved one comes back by itself), every line's outcome and reason, then Import. A file
// imported before asks to be confirmed.
import { useState } from 'react';
import { Upload } from 'lucide-react';
import { STATEMENT_ACCEPT, STATEMENT_FIELDS, STATEMENT_MISSING, type StatementLineStatus, type StatementMapping, type StatementPreview } from '#shared/commissions.ts';
import { formatMoney } from '#shared/money.ts';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { useMappedPreview } from '#web/lib/use-mapped-preview.ts';
import { notify } from '#web/lib/toast.ts';
import { formatDay } from '#web/lib/format.ts';
import { previewStatement, useCommissionCarriers, useImportStatement } from './queries.ts';

const STATUS_LABEL: Record<StatementLineStatus, [string, BadgeTone]> = {
  matched: ['Matched', 'green'],
  unmatched: ['Not in the book', 'orange'],
  invalid: ['Error', 'red'],
  duplicate: ['Duplicate', 'red'],
  ignored: ['Ignored', 'gray'],
};

const thisMonth = () => new Date().toISOString().slice(0, 7);

export function StatementImport({ onImported }: { onImported: (id: string) => void }) {
  const carriers = useCommissionCarriers();
  const [carrier, setCarrier] = useState('');
  const [period, setPeriod] = useState(thisMonth);
  const [file, setFile] = useState<File | null>(null);
  const { preview, mapping, loading, request } = useMappedPreview<StatementMapping, StatementPreview>();
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [inputKey, setInputKey] = useState(0);
  const run = useImportStatement();

  const load = async (next: { file?: File | null; carrier?: string; period?: string; mapping?: StatementMapping }) => {
    const f = next.file === undefined ? file : next.file;
    const c = next.carrier ?? carrier;
    const p = next.period ?? period;
    setError(null);
    setFields({});
    const failed = await request(next.mapping, f && c.trim() && p ? () => previewStatement({ file: f, carrier: c, period: p, mapping: next.mapping }) : null);
    if (!failed) return;
    setError(errorMessage(failed.error));
    if (failed.error instanceof ApiError && failed.error.fields) setFields(failed.error.fields);
  };

  const submit = () => {
    // the preview's counts follow the current choices only once it has come back
    if (!file || !preview || !mapping || loading) return;
    run.mutate(
      { file, carrier, period, mapping, confirm },
      {
        onSuccess: ({ statement }) => {
          notify.success('Statement imported', `${statement.matched} lines matched, ${statement.unmatched} not in the book, ${statement.failed} failed.`);
          setFile(null);
          void request(undefined, null);
          setConfirm(false);
          setInputKey((k) => k + 1);
          onImported(statement.id);
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Import a carrier statement</CardTitle>
        <p className="text-sm text-slate-600">
          A CSV or Excel (.xlsx) file with the policy number, commission amount and statement date (insured name, premium and transaction type help). Lines are matched to
          your policies by number; the mapping is remembered for the carrier.
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <FormField label="Carrier" required error={fields.carrier}>
            <Input
              list="commission-carriers"
              value={carrier}
              onChange={(e) => setCarrier(e.target.value)}
              onBlur={() => void load({})}
              autoComplete="off"
            />
          </FormField>
          <datalist id="commission-carriers">
            {(carriers.data?.carriers ?? []).map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <FormField label="Statement month" required error={fields.period}>
            <Input
              type="month"
              value={period}
              onChange={(e) => {
                setPeriod(e.target.value);
                void load({ period: e.target.value });
              }}
            />
          </FormField>
          <FormField label="Statement file" hint=".csv or .xlsx, 20 MB at most." error={fields.file}>
            <Input
              key={inputKey}
              type="file"
              accept={STATEMENT_ACCEPT}
              onChange={(e) => {
                const f = e.target.files?.[0] ?? null;
                setFile(f);
                void load({ file: f });
              }}
            />
          </FormField>
        </div>
        {loading ? <p className="text-sm text-slate-500">Reading the statement…</p> : null}
        {error ? (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
        {preview ? <PreviewBody preview={preview} mapping={mapping ?? preview.mapping} onMapping={(m) => void load({ mapping: m })} /> : null}
        {preview?.duplicate_of ? (
          <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p>
              This file was already imported on {formatDay(preview.duplicate_of.created_at.slice(0, 10))} ({preview.duplicate_of.file_name}).
            </p>
            <label className="mt-2 flex items-center gap-2">
              <input type="checkbox" checked={confirm} onChange={(e) => setConfirm(e.target.checked)} />
              Import it again: the carrier really paid twice
            </label>
          </div>
        ) : null}
        {preview ? (
          <Button
            onClick={submit}
            disabled={loading || run.isPending || preview.missing.length > 0 || preview.summary.matched + preview.summary.unmatched === 0 || (!!preview.duplicate_of && !confirm)}
          >
            <Upload className="h-4 w-4" aria-hidden /> Import statement
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PreviewBody({ preview, mapping, onMapping }: { preview: StatementPreview; mapping: StatementMapping; onMapping: (m: StatementMapping) => void }) {
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">Column mapping</legend>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {STATEMENT_FIELDS.map((field) => (
            <FormField key={field.key} label={field.label} required={field.required}>
              <Select
                value={mapping[field.key] ?? ''}
                onChange={(e) => onMapping({ ...mapping, [field.key]: e.target.value === '' ? null : Number(e.target.value) })}
              >
                <option value="">— not in the file —</option>
                {preview.headers.map((h, i) => (
                  <option key={i} value={i}>
                    {h || `Column ${i + 1}`}
                  </option>
                ))}
              </Select>
            </FormField>
          ))}
        </div>
      </fieldset>
      {preview.missing.length ? (
        <p role="alert" className="text-sm text-red-600">
          {STATEMENT_MISSING(preview.missing)}
        </p>
      ) : (
        <p className="text-sm text-slate-700" data-testid="statement-summary">
          {preview.total} lines: {preview.summary.matched} matched ({formatMoney(preview.amount)}), {preview.summary.unmatched} not in the book, {preview.summary.invalid} with
          errors.
        </p>
      )}
      {preview.lines.length ? (
        <div className="overflow-x-auto rounded-md border border-slate-200">
          <table className="w-full text-sm" aria-label="Statement preview">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th className="px-3 py-2 font-medium">Line</th>
                <th className="px-3 py-2 font-medium">Policy number</th>
                <th className="px-3 py-2 text-right font-medium">Commission</th>
                <th className="px-3 py-2 font-medium">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {preview.lines.map((l) => (
                <tr key={l.line} className="border-t border-slate-100">
                  <td className="px-3 py-2 tabular-nums">{l.line}</td>
                  <td className="px-3 py-2">{l.policy_number ?? '—'}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{l.amount ?? '—'}</td>
                  <td className="px-3 py-2">
                    <Badge tone={STATUS_LABEL[l.status][1]}>{STATUS_LABEL[l.status][0]}</Badge> <span className="text-slate-600">{l.reason}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
