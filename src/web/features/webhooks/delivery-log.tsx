// The delivery log of one endpoint (list kit: URL state, server sort and paging, cards on phones).
import { format, parseISO } from 'date-fns';
import { DELIVERY_STATUS_LABEL, DELIVERY_STATUSES, deliveryQuerySchema, WEBHOOK_TEXT, type DeliveryQuery, type DeliveryStatus, type WebhookDelivery } from '#shared/webhooks.ts';
import { DataList, type ListColumn } from '#web/components/list-kit/data-list.tsx';
import { useListQuery } from '#web/components/list-kit/use-list-query.ts';
import { Pager } from '#web/components/list-parts.tsx';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Select } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useDeliveries, useRedeliver } from './queries.ts';

const TONE: Record<DeliveryStatus, BadgeTone> = { pending: 'yellow', sending: 'blue', succeeded: 'green', failed: 'red' };

const when = (iso: string) => format(parseISO(iso), 'MMM dd, yyyy HH:mm:ss');

export function DeliveryLog({ endpointId, canRedeliver }: { endpointId: string; canRedeliver: boolean }) {
  const { query, setQuery } = useListQuery(deliveryQuerySchema);
  const list = useDeliveries(endpointId, query);
  const redeliver = useRedeliver();

  const columns: ListColumn<WebhookDelivery>[] = [
    { id: 'event', header: 'Event', primary: true, cell: (d) => <span className="font-mono text-xs">{d.event_type}</span> },
    {
      id: 'status',
      header: 'Status',
      cell: (d) => (
        <div>
          <Badge tone={TONE[d.status]}>{DELIVERY_STATUS_LABEL[d.status]}</Badge>
          {d.last_error && d.status !== 'succeeded' ? <p className="mt-1 max-w-xs text-xs text-slate-500">{d.last_error}</p> : null}
          {d.next_attempt_at && d.attempts > 0 ? <p className="text-xs text-slate-500">Next try {when(d.next_attempt_at)}</p> : null}
        </div>
      ),
    },
    { id: 'code', header: 'Response', cell: (d) => (d.response_status ?? '—') },
    { id: 'duration', header: 'Duration', cell: (d) => (d.duration_ms === null ? '—' : `${d.duration_ms} ms`) },
    { id: 'attempts', header: 'Attempts', cell: (d) => d.attempts },
    { id: 'created_at', header: 'Time', sortKey: 'created_at', firstDirection: 'desc', cell: (d) => when(d.created_at) },
  ];

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
        <h3 className="text-base font-semibold text-slate-900">Delivery log</h3>
        <label className="flex items-center gap-2 text-sm text-slate-600">
          <span>Status</span>
          <Select className="h-9 w-40" value={query.status} onChange={(e) => setQuery({ status: e.target.value as DeliveryQuery['status'] })}>
            <option value="all">All</option>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {DELIVERY_STATUS_LABEL[s]}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <DataList
        label="Deliveries"
        columns={columns}
        source={list}
        rowKey={(d) => d.id}
        rowLabel={(d) => `${d.event_type} at ${when(d.created_at)}`}
        rowTestId="delivery-row"
        empty={WEBHOOK_TEXT.logEmpty}
        sort={{ value: query.sort, onChange: (sort) => setQuery({ sort: sort as DeliveryQuery['sort'] }) }}
        actionsHeader="Actions"
        actions={(d) => (
          <Button
            size="sm"
            variant="outline"
            disabled={!canRedeliver || redeliver.isPending}
            onClick={() =>
              redeliver.mutate(
                { endpointId, deliveryId: d.id },
                { onSuccess: () => notify.success(WEBHOOK_TEXT.redelivered), onError: (err) => notify.error(errorMessage(err)) },
              )
            }
          >
            Redeliver
          </Button>
        )}
      />
      {list.data ? <Pager page={query.page} total={list.data.total} pageSize={query.pageSize} estimated={list.data.totalIsEstimate} onPage={(page) => setQuery({ page })} /> : null}
    </div>
  );
}
