// The bulk actions of a list's selection (policies, customers, and the Bulk Actions page): choose
// an action, see the server's preview, confirm. Nothing is written before Confirm. Below Business
// the bar says what plan it needs instead.
import { useState } from 'react';
import { Link } from 'react-router';
import { Download, Trash2 } from 'lucide-react';
import {
  BULK_SYNC_LIMIT,
  BULK_TEXT,
  bulkRequestSchema,
  noun,
  type BulkEntity,
  type BulkExportInput,
  type BulkKind,
  type BulkPreview,
  type BulkRequestInput,
} from '#shared/bulk.ts';
import { CUSTOMER_TYPES, CUSTOMER_TYPE_LABEL } from '#shared/customers.ts';
import { CHOSEN_STATUSES, POLICY_STATUS_LABEL } from '#shared/policies.ts';
import { errorMessage } from '#web/lib/api.ts';
import { exportSelection, usePreviewBulk, useRunBulk } from '#web/lib/bulk.ts';
import { notify } from '#web/lib/toast.ts';
import { useFeature } from '#web/lib/session.ts';
import { AssigneeOptions, useAssignees } from '../assignees.tsx';
import type { SelectionControl } from '../list-kit/use-selection.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent } from '../ui/dialog.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Select } from '../ui/input.tsx';

const ACTIONS: Record<BulkEntity, { kind: BulkKind; label: string }[]> = {
  policies: [
    { kind: 'set_status', label: 'Change status' },
    { kind: 'assign', label: 'Assign to agent' },
    { kind: 'delete', label: 'Delete' },
  ],
  customers: [
    { kind: 'set_type', label: 'Change type' },
    { kind: 'delete', label: 'Delete' },
  ],
};

export function BulkBar({ entity, control }: { entity: BulkEntity; control: SelectionControl<unknown> }) {
  const { allowed, isPending } = useFeature('bulk-actions');
  const [kind, setKind] = useState<BulkKind | null>(null);
  const [exporting, setExporting] = useState(false);
  if (!control.selection.all && control.count === 0) return null;
  if (isPending) return null;
  if (!allowed)
    return (
      <p role="note" className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-2 text-sm text-slate-700" data-testid="bulk-upgrade">
        {BULK_TEXT.upgrade}
        <Link className="font-medium text-brand-700 underline" to="/dashboard/subscription/upgrade">
          Upgrade Plan
        </Link>
      </p>
    );
  const selection = control.selection as BulkRequestInput['selection'];
  const doExport = async () => {
    setExporting(true);
    try {
      await exportSelection({ entity, selection } as BulkExportInput);
      notify.success('Success', BULK_TEXT.exported);
    } catch (err) {
      notify.error('Error', errorMessage(err));
    } finally {
      setExporting(false);
    }
  };
  return (
    <div role="toolbar" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-2">
      {ACTIONS[entity].map((a) => (
        <Button key={a.kind} size="sm" variant={a.kind === 'delete' ? 'destructive' : 'outline'} onClick={() => setKind(a.kind)}>
          {a.kind === 'delete' ? <Trash2 className="h-4 w-4" aria-hidden /> : null}
          {a.label}
        </Button>
      ))}
      <Button size="sm" variant="outline" onClick={doExport} disabled={exporting}>
        <Download className="h-4 w-4" aria-hidden /> Export CSV
      </Button>
      {kind ? <BulkDialog entity={entity} kind={kind} selection={selection} count={control.count} onClose={() => setKind(null)} onDone={control.clear} /> : null}
    </div>
  );
}

function actionOf(kind: BulkKind, value: string): BulkRequestInput['action'] {
  if (kind === 'set_status') return { kind, status: value as (typeof CHOSEN_STATUSES)[number] };
  if (kind === 'assign') return { kind, assignee_id: value };
  if (kind === 'set_type') return { kind, customer_type: value as (typeof CUSTOMER_TYPES)[number] };
  return { kind: 'delete' };
}

const TITLES: Record<BulkKind, string> = { set_status: 'Change status', assign: 'Assign to agent', set_type: 'Change type', delete: 'Delete' };

function BulkDialog(props: {
  entity: BulkEntity;
  kind: BulkKind;
  selection: BulkRequestInput['selection'];
  count: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const { entity, kind, selection, count, onClose, onDone } = props;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [preview, setPreview] = useState<BulkPreview | null>(null);
  const previewing = usePreviewBulk();
  const run = useRunBulk();
  const assignees = useAssignees();
  const input = { entity, action: actionOf(kind, value), selection } as BulkRequestInput;

  const askPreview = () => {
    const parsed = bulkRequestSchema.safeParse(input);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    previewing.mutate(input, { onSuccess: setPreview, onError: (err) => setError(errorMessage(err)) });
  };
  const confirm = () =>
    run.mutate(input, {
      onSuccess: (info) => {
        if (info.state === 'running') notify.info('Bulk action started', BULK_TEXT.started);
        else notify.success('Success', BULK_TEXT.applied(info.changed));
        onDone();
        onClose();
      },
      onError: (err) => notify.error('Error', errorMessage(err)),
    });

  const what = `${count.toLocaleString('en-US')} selected ${noun(entity, count)}`;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={`${TITLES[kind]}: ${what}`} description={kind === 'delete' && entity === 'customers' ? BULK_TEXT.deleteCustomersNote : undefined}>
        {!preview ? (
          <div className="space-y-4">
            {kind === 'set_status' ? (
              <FormField label="New status" error={error} required>
                <Select value={value} onChange={(e) => setValue(e.target.value)}>
                  <option value="">Choose a status</option>
                  {CHOSEN_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {POLICY_STATUS_LABEL[s]}
                    </option>
                  ))}
                </Select>
              </FormField>
            ) : kind === 'assign' ? (
              <FormField label="Agent" error={error} required>
                <Select value={value} onChange={(e) => setValue(e.target.value)}>
                  <option value="">Choose an agent</option>
                  <AssigneeOptions members={assignees.data} />
                </Select>
              </FormField>
            ) : kind === 'set_type' ? (
              <FormField label="New customer type" error={error} required>
                <Select value={value} onChange={(e) => setValue(e.target.value)}>
                  <option value="">Choose a type</option>
                  {CUSTOMER_TYPES.map((c) => (
                    <option key={c} value={c}>
                      {CUSTOMER_TYPE_LABEL[c]}
                    </option>
                  ))}
                </Select>
              </FormField>
            ) : (
              <p className="text-sm text-slate-700">
                The selected {noun(entity, 2)} are deleted. You can undo this for 24 hours from Recent bulk actions.
                {error ? <span className="mt-2 block text-red-600">{error}</span> : null}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={askPreview} disabled={previewing.isPending}>
                {previewing.isPending ? 'Preparing preview…' : 'Preview'}
              </Button>
            </div>
          </div>
        ) : (
          <PreviewView preview={preview} kind={kind} pending={run.isPending} onBack={() => setPreview(null)} onConfirm={confirm} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PreviewView({ preview, kind, pending, onBack, onConfirm }: { preview: BulkPreview; kind: BulkKind; pending: boolean; onBack: () => void; onConfirm: () => void }) {
  const nothing = preview.changes === 0;
  return (
    <section aria-label={BULK_TEXT.previewTitle} className="space-y-4 text-sm">
      <p className="font-medium text-slate-900" data-testid="bulk-preview-count">
        {preview.summary}. {nothing ? BULK_TEXT.nothingToChange : BULK_TEXT.willChange(preview.changes, noun(preview.entity, preview.changes))}
      </p>
      {preview.sample.length ? (
        <div>
          <h3 className="mb-1 font-medium text-slate-700">{preview.changes > preview.sample.length ? `The first ${preview.sample.length}` : 'Changes'}</h3>
          <ul className="divide-y divide-slate-100 rounded border border-slate-200" data-testid="bulk-preview-sample">
            {preview.sample.map((c) => (
              <li key={c.id} className="flex flex-wrap justify-between gap-x-3 px-3 py-1.5">
                <span className="font-medium text-slate-900">{c.label}</span>
                <span className="text-slate-600">
                  {c.before} <span aria-hidden>→</span>
                  <span className="sr-only"> to</span> <span className="font-medium text-slate-900">{c.after}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview.unchanged_count > 0 ? (
        <div>
          <h3 className="mb-1 font-medium text-slate-700">{preview.unchanged_count.toLocaleString('en-US')} will not change</h3>
          <ul className="list-disc pl-5 text-slate-600">
            {preview.unchanged.slice(0, 5).map((u) => (
              <li key={u.id}>
                {u.label}: {u.reason}
              </li>
            ))}
            {preview.unchanged_count > 5 ? <li>and {preview.unchanged_count - 5} more</li> : null}
          </ul>
        </div>
      ) : null}
      {preview.ignored_count > 0 ? (
        <p className="text-amber-800" data-testid="bulk-preview-ignored">
          {preview.ignored_count} selected {preview.ignored_count === 1 ? 'id is' : 'ids are'} not in your agency: ignored.
        </p>
      ) : null}
      {preview.mode === 'job' ? (
        <p className="text-slate-600">
          More than {BULK_SYNC_LIMIT.toLocaleString('en-US')} records: this runs in the background in batches, with its progress under Recent bulk actions.
        </p>
      ) : null}
      <p className="text-slate-600">You can undo this for 24 hours from Recent bulk actions.</p>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button variant={kind === 'delete' ? 'destructive' : 'primary'} onClick={onConfirm} disabled={pending || nothing}>
          {pending ? 'Applying…' : BULK_TEXT.confirm}
        </Button>
      </div>
    </section>
  );
}
