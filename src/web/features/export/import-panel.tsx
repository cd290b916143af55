// "Import" on the Export page: choose a CSV or an Excel (.xlsx) file, check the column mapping and the first 20 rows, choose
// what happens to duplicates, run it as a job with a progress bar, then see the result (and undo).
import { useState } from 'react';
import { Upload } from 'lucide-react';
import { IMPORT_ACCEPT, IMPORT_FIELDS, IMPORT_KINDS, IMPORT_TEXT, type DuplicateMode, type ImportKind, type ImportMapping, type ImportPreview } from '#shared/imports.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useMappedPreview } from '#web/lib/use-mapped-preview.ts';
import { ImportPreviewTable } from './import-preview-table.tsx';
import { ImportResult } from './import-result.tsx';
import { previewImport, useLatestImport, useStartImport } from './queries.ts';

const KIND_LABEL: Record<ImportKind, string> = { customers: 'Customers', policies: 'Policies with their customers' };

export function ImportPanel() {
  const [kind, setKind] = useState<ImportKind>('customers');
  const [file, setFile] = useState<File | null>(null);
  const { preview, mapping, loading, request } = useMappedPreview<ImportMapping, ImportPreview>();
  const [duplicates, setDuplicates] = useState<DuplicateMode>('skip');
  const [error, setError] = useState<string | null>(null);
  // a new key empties the file input once its file has been sent
  const [inputKey, setInputKey] = useState(0);
  const latest = useLatestImport();
  const start = useStartImport();
  const running = latest.data?.job?.status === 'running';

  const load = async (next: { file?: File | null; kind?: ImportKind; mapping?: ImportMapping; duplicates?: DuplicateMode }) => {
    const f = next.file === undefined ? file : next.file;
    const k = next.kind ?? kind;
    // a new kind or file is mapped afresh; a new duplicates choice keeps the mapping the user made
    const chosen = next.mapping ?? (next.duplicates && mapping ? mapping : undefined);
    setError(null);
    const failed = await request(chosen, f ? () => previewImport(f, k, chosen, next.duplicates ?? duplicates) : null);
    if (failed) setError(errorMessage(failed.error));
  };

  const run = () => {
    // the preview's counts and the button's label follow the current choices only once it has come back
    if (!file || !preview || !mapping || loading) return;
    start.mutate({ file, kind, mapping, duplicates }, { onSuccess: () => (setFile(null), void request(undefined, null), setInputKey((k) => k + 1)), onError: (err) => setError(errorMessage(err)) });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Import</CardTitle>
        <p className="text-sm text-slate-600">{IMPORT_TEXT.intro}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {latest.data?.job ? <ImportResult job={latest.data.job} /> : null}
        <div className="grid gap-3 sm:grid-cols-3">
          <FormField label="What the file holds">
            <Select
              value={kind}
              onChange={(e) => {
                const k = e.target.value as ImportKind;
                setKind(k);
                void load({ kind: k });
              }}
            >
              {IMPORT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_LABEL[k]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={IMPORT_TEXT.fileLabel} hint={IMPORT_TEXT.fileHint}>
            <Input
              key={inputKey}
              type="file"
              accept={IMPORT_ACCEPT}
              onChange={(e) => {
                const f = e.target.files?.[0] ?? null;
                setFile(f);
                void load({ file: f });
              }}
            />
          </FormField>
          <FormField label="Duplicates (same e-mail or policy number)">
            <Select
              value={duplicates}
              onChange={(e) => {
                const d = e.target.value as DuplicateMode;
                setDuplicates(d);
                // the preview says what happens to each duplicate, so it follows the choice
                void load({ duplicates: d });
              }}
            >
              <option value="skip">Skip them</option>
              <option value="update">Update the existing record</option>
            </Select>
          </FormField>
        </div>
        <p className="text-xs text-slate-500">{IMPORT_TEXT.formats}</p>
        {loading ? <p className="text-sm text-slate-500">Reading the file…</p> : null}
        {error ? (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
        {preview ? (
          <>
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold text-slate-900">Column mapping</legend>
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {IMPORT_FIELDS[kind].map((field) => (
                  <FormField key={field.key} label={field.label} required={field.required}>
                    <Select
                      value={(mapping ?? preview.mapping)[field.key] ?? ''}
                      onChange={(e) => void load({ mapping: { ...(mapping ?? preview.mapping), [field.key]: e.target.value === '' ? null : Number(e.target.value) } })}
                    >
                      <option value="">— not imported —</option>
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
            <ImportPreviewTable kind={kind} preview={preview} />
            {preview.missing.length ? (
              <p role="alert" className="text-sm text-red-600">
                {IMPORT_TEXT.missingFields(preview.missing)}
              </p>
            ) : null}
            <Button onClick={run} disabled={loading || running || start.isPending || preview.missing.length > 0 || preview.summary.import + preview.summary.update === 0}>
              <Upload className="h-4 w-4" aria-hidden /> {IMPORT_TEXT.runButton(preview.summary)}
            </Button>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
