// One webhook endpoint: URL, state, events, the signing secret (reveal, copy, rotate) and its actions.
import { useState } from 'react';
import { Copy, Eye, EyeOff, RefreshCw } from 'lucide-react';
import { WEBHOOK_TEXT, type WebhookEndpoint } from '#shared/webhooks.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { cn } from '#web/lib/cn.ts';
import { errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useDeleteEndpoint, useRotateSecret, useSendTest } from './queries.ts';

interface Props {
  endpoint: WebhookEndpoint;
  selected: boolean;
  onSelect: () => void;
  onEdit: () => void;
}

export function EndpointCard({ endpoint, selected, onSelect, onEdit }: Props) {
  const [reveal, setReveal] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const rotate = useRotateSecret();
  const remove = useDeleteEndpoint();
  const test = useSendTest();
  const fail = (err: unknown) => notify.error(errorMessage(err));

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(endpoint.secret);
      notify.success('Signing secret copied.');
    } catch {
      notify.error('Could not copy. Reveal the secret and copy it by hand.');
    }
  };

  return (
    <Card className={cn('p-4 sm:p-5', selected && 'ring-2 ring-brand-600')} data-testid="webhook-endpoint">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="break-all font-mono text-sm font-medium text-slate-900">{endpoint.url}</p>
          {endpoint.description ? <p className="text-sm text-slate-600">{endpoint.description}</p> : null}
          <p className="text-xs text-slate-500">{WEBHOOK_TEXT.createdBy(endpoint.created_by_name, endpoint.created_by_left)}</p>
          <div className="flex flex-wrap items-center gap-2">
            {endpoint.enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="red">Disabled</Badge>}
            {endpoint.disabled_reason && !endpoint.enabled ? <span className="text-xs text-red-700">{endpoint.disabled_reason}</span> : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant={selected ? 'secondary' : 'outline'} onClick={onSelect} aria-pressed={selected}>
            Delivery log
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={!endpoint.enabled || test.isPending}
            onClick={() => test.mutate(endpoint.id, { onSuccess: () => (notify.success(WEBHOOK_TEXT.testQueued), onSelect()), onError: fail })}
          >
            Send test event
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setConfirm('delete')}>
            Delete
          </Button>
        </div>
      </div>

      <ul aria-label="Events" className="mt-3 flex flex-wrap gap-1.5">
        {endpoint.events.map((e) => (
          <li key={e}>
            <Badge tone="blue" className="font-mono">
              {e}
            </Badge>
          </li>
        ))}
      </ul>

      <div className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500" id={`secret-${endpoint.id}`}>
          Signing secret
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <code aria-labelledby={`secret-${endpoint.id}`} className="w-full min-w-0 break-all font-mono text-sm text-slate-900 sm:w-auto sm:flex-1" data-testid="webhook-secret">
            {reveal ? endpoint.secret : `whsec_${'•'.repeat(24)}`}
          </code>
          <div className="flex gap-1">
            <Button size="sm" variant="ghost" onClick={() => setReveal((r) => !r)} aria-label={reveal ? 'Hide signing secret' : 'Reveal signing secret'}>
              {reveal ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void copy()} aria-label="Copy signing secret">
              <Copy className="h-4 w-4" aria-hidden />
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirm('rotate')}>
              <RefreshCw className="mr-1 h-4 w-4" aria-hidden />
              Rotate
            </Button>
          </div>
        </div>
      </div>

      <ConfirmDialog
        open={confirm === 'rotate'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Rotate the signing secret?"
        description="A new secret is generated now and the old one stops working for new deliveries. Update your receiver with the new secret."
        confirmLabel="Rotate secret"
        destructive={false}
        pending={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(endpoint.id, {
            onSuccess: () => {
              setConfirm(null);
              setReveal(true);
              notify.success(WEBHOOK_TEXT.rotated);
            },
            onError: fail,
          })
        }
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Delete this endpoint?"
        description={`${endpoint.url} will receive no more events, and its delivery log is deleted with it.`}
        confirmLabel="Delete endpoint"
        pending={remove.isPending}
        onConfirm={() =>
          // mutateAsync: the refreshed list drops this card, and mutate()'s callbacks die with it
          remove.mutateAsync(endpoint.id).then(() => {
            setConfirm(null);
            notify.success(WEBHOOK_TEXT.deleted);
          }, fail)
        }
      />
    </Card>
  );
}
