// Query hooks for the admin endpoints.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserQuery, AdminUserRow, ContactMessageRow, Paged } from '#shared/admin.ts';
import type { AdminPaymentSubmission, AdminSubmissionQuery, PaymentSubmission } from '#shared/payments.ts';
import { apiDelete, apiGet, apiPatch, apiPost } from '#web/lib/api.ts';
import { meKey } from '#web/lib/session.ts';
import { queryString } from '#web/lib/query-string.ts';

export const adminUsersKey = ['admin', 'users'] as const;
export const adminSubmissionsKey = ['admin', 'payment-submissions'] as const;
export const adminMessagesKey = ['admin', 'messages'] as const;

export function useAdminUsers(q: Partial<AdminUserQuery>) {
  return useQuery({
    queryKey: [...adminUsersKey, q],
    queryFn: ({ signal }) => apiGet<Paged<AdminUserRow>>(`/api/admin/users${queryString(q)}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: { role?: string; subscription_tier?: string } }) =>
      apiPatch<{ user: AdminUserRow }>(`/api/admin/users/${id}`, body),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: adminUsersKey }), qc.invalidateQueries({ queryKey: meKey })]),
  });
}

export function useSetPermission() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, permission, granted }: { id: string; permission: string; granted: boolean }) =>
      granted
        ? apiPost<{ user: AdminUserRow }>(`/api/admin/users/${id}/permissions/${permission}`)
        : apiDelete<{ user: AdminUserRow }>(`/api/admin/users/${id}/permissions/${permission}`),
    onSettled: () => qc.invalidateQueries({ queryKey: adminUsersKey }),
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/api/admin/users/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: adminUsersKey }),
  });
}

export function useAdminSubmissions(q: AdminSubmissionQuery) {
  // status is always sent: its default on the server is Pending, not all
  const params = new URLSearchParams({ status: q.status, tier: q.tier, page: String(q.page), sort: q.sort });
  return useQuery({
    queryKey: [...adminSubmissionsKey, q],
    queryFn: ({ signal }) => apiGet<Paged<AdminPaymentSubmission>>(`/api/admin/payment-submissions?${params}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDecideSubmission() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, notes }: { id: string; decision: 'approve' | 'reject'; notes: string }) =>
      apiPost<{ submission: PaymentSubmission }>(`/api/admin/payment-submissions/${id}/${decision}`, notes ? { notes } : {}),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: adminSubmissionsKey }), qc.invalidateQueries({ queryKey: adminUsersKey })]),
  });
}

export function useAdminMessages(page: number) {
  return useQuery({
    queryKey: [...adminMessagesKey, page],
    queryFn: ({ signal }) => apiGet<Paged<ContactMessageRow> & { unread: number }>(`/api/admin/messages?page=${page}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMarkMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) =>
      read ? apiPost(`/api/admin/messages/${id}/read`) : apiDelete(`/api/admin/messages/${id}/read`),
    onSettled: () => qc.invalidateQueries({ queryKey: adminMessagesKey }),
  });
}
