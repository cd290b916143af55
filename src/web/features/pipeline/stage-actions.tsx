// Moving a card, wherever it starts (drag and drop, the card menu's "Move to…", the detail page's
// Won and Lost): Lost asks for the reason first; Won converts and opens the prefilled policy form.
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { newPolicyHref, OPPORTUNITY_STAGE_LABEL, OPPORTUNITY_TEXT, type BoardCard, type OpportunityStage } from '#shared/pipeline.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useMoveStage } from './queries.ts';

function LostDialog({ row, onClose, onConfirm, pending }: { row: BoardCard | null; onClose: () => void; onConfirm: (reason: string) => Promise<string | null>; pending: boolean }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(OPPORTUNITY_TEXT.lostReasonRequired);
    const failed = await onConfirm(reason);
    if (failed) setError(failed);
    else setReason('');
  };
  return (
    <Dialog open={row !== null} onOpenChange={(open) => !open && (setReason(''), setError(undefined), onClose())}>
      <DialogContent title="Mark as lost" description={row ? `Why was the opportunity for ${row.name} lost?` : undefined}>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label="Reason" required error={error}>
            <Textarea value={reason} maxLength={500} onChange={(e) => (setReason(e.target.value), setError(undefined))} />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={pending}>
              Mark as lost
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function useStageActions(): { moveTo: (row: BoardCard, stage: OpportunityStage) => void; dialogs: ReactNode; pending: boolean } {
  const navigate = useNavigate();
  const move = useMoveStage();
  const [losing, setLosing] = useState<BoardCard | null>(null);

  const run = (row: BoardCard, stage: OpportunityStage, lost_reason?: string) =>
    move.mutateAsync({ id: row.id, stage, lost_reason }).then(
      (saved) => {
        if (stage === 'won' && saved.customer_id) {
          notify.success('Success', OPPORTUNITY_TEXT.won);
          navigate(newPolicyHref(saved.customer_id, saved.line, saved.estimated_premium));
        } else notify.success('Success', OPPORTUNITY_TEXT.moved(OPPORTUNITY_STAGE_LABEL[stage]));
        return null;
      },
      (err: unknown) => {
        notify.error('Error', errorMessage(err));
        return err instanceof ApiError && err.fields?.lost_reason ? err.fields.lost_reason : errorMessage(err);
      },
    );

  const moveTo = (row: BoardCard, stage: OpportunityStage) => {
    if (row.stage === stage) return;
    if (stage === 'lost') return setLosing(row);
    void run(row, stage);
  };

  const dialogs = (
    <LostDialog
      row={losing}
      pending={move.isPending}
      onClose={() => setLosing(null)}
      onConfirm={async (reason) => {
        const row = losing!;
        const failed = await run(row, 'lost', reason);
        if (!failed) setLosing(null);
        return failed;
      }}
    />
  );
  return { moveTo, dialogs, pending: move.isPending };
}
