// Query hooks for the billing endpoints: one per endpoint, invalidated after mutations.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnSubmissionQuery, PaymentSubmission } from '#shared/payments.ts';
import { api, apiGet } from '#web/lib/api.ts';
import { queryString } from '#web/lib/query-string.ts';

export const submissionsKey = ['payment-submissions'] as const;

export function useOwnSubmissions(q: Partial<OwnSubmissionQuery>) {
  return useQuery({
    queryKey: [...submissionsKey, 'list', q],
    queryFn: ({ signal }) => apiGet<{ rows: PaymentSubmission[] }>(`/api/payment-submissions${queryString(q)}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSubmission(id: string | null) {
  return useQuery({
    queryKey: [...submissionsKey, id],
    queryFn: ({ signal }) => apiGet<{ submission: PaymentSubmission }>(`/api/payment-submissions/${id}`, signal).then((r) => r.submission),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useSubmitPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api<{ submission: PaymentSubmission }>('/api/payment-submissions', { method: 'POST', body: form }),
    onSuccess: () => qc.invalidateQueries({ queryKey: submissionsKey }),
  });
}
