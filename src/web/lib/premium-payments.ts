import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PremiumPayment } from '#shared/premium-payments.ts';
import { api, apiDelete, apiGet, apiPost } from './api.ts';

export const premiumKey = ['premium-payments'] as const;

export function usePolicyPayments(policyId: string) {
  return useQuery({
    queryKey: [...premiumKey, 'policy', policyId],
    queryFn: ({ signal }) => apiGet<{ rows: PremiumPayment[] }>(`/api/policies/${policyId}/premium-payments`, signal).then((r) => r.rows),
  });
}

export function useRecordPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api<{ payment: PremiumPayment }>('/api/premium-payments', { method: 'POST', body: form }),
    onSuccess: () => qc.invalidateQueries({ queryKey: premiumKey }),
  });
}

/** A payment recorded by mistake: deleted, answering the token its Undo sends back. */
export function useDeletePayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ undo: string }>(`/api/premium-payments/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: premiumKey }),
  });
}

export function useRestorePayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (undo: string) => apiPost<{ payment: PremiumPayment }>('/api/premium-payments/restore', { undo }),
    onSuccess: () => qc.invalidateQueries({ queryKey: premiumKey }),
  });
}
