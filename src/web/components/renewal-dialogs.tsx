// Mark lost (reason + note) and Assign, as dialogs opened from a cockpit row or the policy page.
import { useEffect, useState } from 'react';
import { LOST_REASONS, LOST_REASON_LABEL, RENEWAL_TEXT, type LostReason } from '#shared/renewals.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Select, Textarea } from '#web/components/ui/input.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { AssigneeOptions, useAssignees } from './assignees.tsx';
import { useAssign, useMarkLost, useUndoLost } from '#web/lib/renewals.ts';

export interface RowRef {
  id: string;
  policy_number: string;
  assignee_id?: string | null;
}

export function MarkLostDialog({ row, onClose }: { row: RowRef | null; onClose: () => void }) {
  const [reason, setReason] = useState<LostReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const lost = useMarkLost();
  const undo = useUndoLost();
  useEffect(() => {
    setReason('');
    setNote('');
    setError(undefined);
  }, [row?.id]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!row) return;
    if (!reason) return setError('Please choose a reason.');
    lost.mutate(
      { id: row.id, reason, note },
      {
        onSuccess: () => {
          const id = row.id;
          // the row leaves the open renewals at once: the toast offers to take it back
          notify.successWithAction('Success', RENEWAL_TEXT.markedLost, {
            label: RENEWAL_TEXT.undo,
            onClick: () =>
              undo.mutate(id, {
                onSuccess: () => notify.success('Success', RENEWAL_TEXT.lostUndone),
                onError: (err) => notify.error('Error', errorMessage(err)),
              }),
          });
          onClose();
        },
        onError: (err) => (err instanceof ApiError && err.fields?.reason ? setError(err.fields.reason) : notify.error('Error', errorMessage(err))),
      },
    );
  };
  return (
    <Dialog open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Mark lost" description={row ? `Why was policy ${row.policy_number} not renewed?` : undefined}>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <FormField label="Reason" required error={error}>
            <Select value={reason} onChange={(e) => (setReason(e.target.value as LostReason), setError(undefined))}>
              <option value="">Choose a reason</option>
              {LOST_REASONS.map((r) => (
                <option key={r} value={r}>
                  {LOST_REASON_LABEL[r]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Note">
            <Textarea value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={lost.isPending}>
              Mark lost
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function AssignDialog({ row, onClose }: { row: RowRef | null; onClose: () => void }) {
  const members = useAssignees();
  const [assignee, setAssignee] = useState('');
  const [error, setError] = useState<string | undefined>();
  const assign = useAssign();
  useEffect(() => {
    setAssignee(row?.assignee_id ?? '');
    setError(undefined);
  }, [row?.id, row?.assignee_id]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!row) return;
    if (!assignee) return setError('Please choose an assignee.');
    assign.mutate(
      { id: row.id, assignee_id: assignee },
      {
        onSuccess: () => {
          notify.success('Success', RENEWAL_TEXT.assigned);
          onClose();
        },
        onError: (err) => (err instanceof ApiError && err.fields?.assignee_id ? setError(err.fields.assignee_id) : notify.error('Error', errorMessage(err))),
      },
    );
  };
  return (
    <Dialog open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Assign" description={row ? `Who works on the renewal of policy ${row.policy_number}?` : undefined}>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <FormField label="Assignee" required error={error ?? (members.isError ? errorMessage(members.error) : undefined)}>
            <Select value={assignee} onChange={(e) => (setAssignee(e.target.value), setError(undefined))} disabled={members.isPending}>
              <option value="">{members.isPending ? 'Loading…' : 'Choose a member'}</option>
              <AssigneeOptions members={members.data} />
            </Select>
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={assign.isPending}>
              Assign
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
