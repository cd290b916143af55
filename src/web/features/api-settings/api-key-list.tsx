// The agency's API keys on the list kit: a table on wide screens, a card per key on phones, with
// Revoke (confirmed) on each.
import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { API_TEXT, describeScopes, type ApiKeyView } from '#shared/api-keys.ts';
import { DataList, type ListColumn } from '#web/components/list-kit/data-list.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { ApiError } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useApiKeys, useRevokeApiKey } from './api.ts';

export function when(value: string | null): string {
  if (!value) return API_TEXT.neverUsed;
  return new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

const COLUMNS: ListColumn<ApiKeyView>[] = [
  {
    id: 'name',
    header: 'Name',
    primary: true,
    className: 'font-medium text-slate-900',
    cell: (k) => (
      <span className="flex items-center gap-2">
        <KeyRound className="h-4 w-4 shrink-0" aria-hidden />
        {k.name}
      </span>
    ),
  },
  { id: 'key', header: 'Key', className: 'font-mono text-xs', cell: (k) => `${k.prefix}…` },
  { id: 'access', header: 'Access', cell: (k) => describeScopes(k.scopes) },
  { id: 'created', header: 'Created', className: 'whitespace-nowrap', cell: (k) => when(k.created_at) },
  { id: 'last_used', header: 'Last used', className: 'whitespace-nowrap', cell: (k) => when(k.last_used_at) },
  { id: 'created_by', header: 'Created by', cell: (k) => k.created_by_name ?? 'N/A' },
];

export function KeyList({ keys }: { keys: ReturnType<typeof useApiKeys> }) {
  const revoke = useRevokeApiKey();
  const [target, setTarget] = useState<ApiKeyView | null>(null);
  const onRevoke = async () => {
    if (!target) return;
    try {
      await revoke.mutateAsync(target.id);
      notify.success(API_TEXT.revoked);
    } catch (err) {
      notify.error('Error', err instanceof ApiError ? err.message : 'Something went wrong');
    } finally {
      setTarget(null);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Keys</CardTitle>
      </CardHeader>
      <CardContent className="px-0 pb-2">
        <DataList
          label="API keys"
          columns={COLUMNS}
          source={{ ...keys, data: keys.data ? { rows: keys.data.keys } : undefined }}
          rowKey={(k) => k.id}
          rowLabel={(k) => k.name}
          empty={API_TEXT.empty}
          actions={(k) => (
            <Button variant="outline" size="sm" onClick={() => setTarget(k)} aria-label={`Revoke ${k.name}`}>
              Revoke
            </Button>
          )}
        />
      </CardContent>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => (open ? null : setTarget(null))}
        title={API_TEXT.revokeTitle}
        description={target ? API_TEXT.revokeText(target.name) : ''}
        confirmLabel="Revoke"
        onConfirm={onRevoke}
        pending={revoke.isPending}
      />
    </Card>
  );
}
