// Query hooks for /api/webhooks, one per endpoint.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '#shared/policies.ts';
import type { DeliveryQuery, WebhookDelivery, WebhookEndpoint, WebhookEndpointInput } from '#shared/webhooks.ts';
import { apiDelete, apiGet, apiPost, apiPut } from '#web/lib/api.ts';
import { queryString } from '#web/lib/query-string.ts';

const endpointsKey = ['webhooks'] as const;
const deliveriesKey = (id: string) => ['webhooks', id, 'deliveries'] as const;

export function useEndpoints() {
  return useQuery({ queryKey: endpointsKey, queryFn: ({ signal }) => apiGet<{ rows: WebhookEndpoint[] }>('/api/webhooks', signal) });
}

export function useDeliveries(endpointId: string | null, q: DeliveryQuery) {
  return useQuery({
    queryKey: [...deliveriesKey(endpointId ?? ''), q],
    queryFn: ({ signal }) => apiGet<Page<WebhookDelivery>>(`/api/webhooks/${endpointId}/deliveries${queryString({ page: q.page, pageSize: q.pageSize, sort: q.sort, status: q.status })}`, signal),
    enabled: Boolean(endpointId),
    placeholderData: keepPreviousData,
    // deliveries go out in the background: the log follows them while the page is open
    refetchInterval: 3000,
  });
}

export function useSaveEndpoint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: WebhookEndpointInput }) =>
      id ? apiPut<WebhookEndpoint>(`/api/webhooks/${id}`, input) : apiPost<WebhookEndpoint>('/api/webhooks', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export function useDeleteEndpoint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ ok: true }>(`/api/webhooks/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export function useRotateSecret() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<WebhookEndpoint>(`/api/webhooks/${id}/rotate-secret`),
    onSuccess: () => qc.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export function useSendTest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<{ delivery_id: string }>(`/api/webhooks/${id}/test`),
    onSuccess: (_data, id) => qc.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}

export function useRedeliver() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      apiPost<WebhookDelivery>(`/api/webhooks/${endpointId}/deliveries/${deliveryId}/redeliver`),
    onSuccess: (_data, v) => qc.invalidateQueries({ queryKey: deliveriesKey(v.endpointId) }),
  });
}
