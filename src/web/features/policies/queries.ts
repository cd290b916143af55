// One query hook per endpoint of the book of business; mutations refresh what they change.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PolicyDetail, PolicyValues } from '#shared/policies.ts';
import { apiDelete, apiGet, apiPost, apiPut } from '#web/lib/api.ts';
import { policyKeys, refreshBook } from '#web/lib/book.ts';

export { policyKeys };

export function usePolicy(id: string) {
  return useQuery({
    queryKey: policyKeys.detail(id),
    queryFn: ({ signal }) => apiGet<PolicyDetail>(`/api/policies/${encodeURIComponent(id)}`, signal),
    retry: false,
  });
}

export function useSavePolicy(id?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: PolicyValues) =>
      id ? apiPut<PolicyDetail>(`/api/policies/${encodeURIComponent(id)}`, values) : apiPost<PolicyDetail>('/api/policies', values),
    onSuccess: async (saved) => {
      qc.setQueryData(policyKeys.detail(saved.id), saved);
      await refreshBook(qc);
    },
  });
}

export function useDeletePolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/api/policies/${encodeURIComponent(id)}`),
    onSuccess: () => refreshBook(qc),
  });
}
