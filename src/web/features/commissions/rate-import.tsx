// Import schedules (the Rates view): the export's commission_schedules.csv back into rates. Choose
// the file, read every row's outcome and reason, then Import; the rates added can be undone from
// the toast or the card until the page is left.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { IMPORT_ACCEPT } from '#shared/imports.ts';
import { RATE_IMPORT_TEXT, type RateImportOutcome, type RateImportResult } from '#shared/rate-import.ts';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { api, apiPost, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';

const OUTCOME: Record<RateImportOutcome, [string, BadgeTone]> = { create: ['New', 'green'], exists: ['Already there', 'gray'], error: ['Error', 'red'] };

const send = (path: string, file: File) => {
  const form = new FormData();
  form.set('file', file);
  return api<RateImportResult>(path, { method: 'POST', body: form });
};

export function RateImport() {
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<RateImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [undoable, setUndoable] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);

  const choose = async (f: File | null) => {
    setFile(f);
    setPreview(null);
    setError(null);
    if (!f) return;
    setBusy(true);
    try {
      setPreview(await send('/api/commissions/rates/import/preview', f));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const undo = async (id: string) => {
    try {
      await apiPost(`/api/commissions/rates/imports/${id}/undo`);
      setUndoable(null);
      await qc.invalidateQueries({ queryKey: ['commissions'] });
      notify.success(RATE_IMPORT_TEXT.undone);
    } catch (err) {
      notify.error(errorMessage(err));
    }
  };

  const run = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const result = await send('/api/commissions/rates/import', file);
      await qc.invalidateQueries({ queryKey: ['commissions'] });
      setPreview(null);
      setFile(null);
      setInputKey((k) => k + 1);
      const id = result.import_id;
      setUndoable(id);
      const title = `Imported ${result.summary.create} ${result.summary.create === 1 ? 'rate' : 'rates'}`;
      if (id) notify.successWithAction(title, RATE_IMPORT_TEXT.summary(result.summary), { label: 'Undo', onClick: () => void undo(id) });
      else notify.info(RATE_IMPORT_TEXT.nothingToImport);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{RATE_IMPORT_TEXT.title}</CardTitle>
        <p className="text-sm text-slate-600">{RATE_IMPORT_TEXT.intro}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <FormField label="Schedules file" error={error ?? undefined}>
          <Input key={inputKey} type="file" accept={IMPORT_ACCEPT} onChange={(e) => void choose(e.target.files?.[0] ?? null)} />
        </FormField>
        {busy ? <p className="text-sm text-slate-600">Reading the file…</p> : null}
        {preview ? (
          <div className="space-y-3">
            <p className="text-sm text-slate-700" data-testid="rate-import-summary">
              {RATE_IMPORT_TEXT.summary(preview.summary)}
            </p>
            <ul aria-label="Schedules file rows" className="divide-y divide-slate-100 text-sm">
              {preview.rows.map((r) => (
                <li key={r.row} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
                  <Badge tone={OUTCOME[r.outcome][1]}>{OUTCOME[r.outcome][0]}</Badge>
                  <span className="text-slate-500">Row {r.row}</span>
                  <span>
                    {r.carrier} · {r.line} · {r.business} · {r.rate}% · {r.effective_from}
                  </span>
                  {r.reason ? <span className="w-full text-slate-600">{r.reason}</span> : null}
                </li>
              ))}
            </ul>
            <Button onClick={() => void run()} disabled={busy || preview.summary.create === 0}>
              {preview.summary.create ? `Import ${preview.summary.create} ${preview.summary.create === 1 ? 'rate' : 'rates'}` : 'Nothing to import'}
            </Button>
          </div>
        ) : null}
        {undoable ? (
          <Button variant="outline" onClick={() => void undo(undoable)}>
            Undo the import
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
