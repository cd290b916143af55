import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommunicationValues } from '#shared/communications.ts';
import type { Communication, Customer, CustomerDetail, CustomerListQuery, CustomerValues } from '#shared/customers.ts';
import type { Page } from '#shared/policies.ts';
import { apiDelete, apiGet, apiPost, apiPut } from './api.ts';
import { queryString } from './query-string.ts';
import { refreshBook } from './book.ts';

export const customerKeys = {
  all: ['customers'] as const,
  list: (q: Partial<CustomerListQuery>) => ['customers', 'list', q] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
};

export function customersUrl(q: Partial<CustomerListQuery>, base = '/api/customers') {
  return `${base}${queryString(q)}`;
}

export const customersQuery = (q: Partial<CustomerListQuery>) => ({
  queryKey: customerKeys.list(q),
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<Page<Customer>>(customersUrl(q), signal),
});

/** Parameters left out take the schema's defaults on the server. */
export function useCustomers(q: Partial<CustomerListQuery>, enabled = true) {
  return useQuery({ ...customersQuery(q), placeholderData: keepPreviousData, enabled });
}

export function useCustomer(id: string | undefined) {
  return useQuery({
    queryKey: customerKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiGet<CustomerDetail>(`/api/customers/${encodeURIComponent(id ?? '')}`, signal),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useSaveCustomer(id?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: CustomerValues) =>
      id ? apiPut<Customer>(`/api/customers/${encodeURIComponent(id)}`, values) : apiPost<Customer>('/api/customers', values),
    onSuccess: () => refreshBook(qc),
  });
}

export function useDeleteCustomer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/api/customers/${encodeURIComponent(id)}`),
    onSuccess: () => refreshBook(qc),
  });
}

export function useAddCommunication(customerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: CommunicationValues) =>
      apiPost<Communication>(`/api/customers/${encodeURIComponent(customerId)}/communications`, values),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: customerKeys.detail(customerId) });
      await qc.invalidateQueries({ queryKey: ['timeline', customerId] });
      await qc.invalidateQueries({ queryKey: ['activity'] });
    },
  });
}
