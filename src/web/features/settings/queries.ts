// Query hooks for /dashboard/settings, one per endpoint.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActiveSession, AgencySettings, AgencySettingsInput, DeleteAccountInput, NotificationPreferences, SignInAttempt } from '#shared/settings.ts';
import { apiDelete, apiGet, apiPost, apiPut } from '#web/lib/api.ts';
import { meKey } from '#web/lib/session.ts';

const agencyKey = ['settings', 'agency'] as const;
const sessionsKey = ['settings', 'sessions'] as const;
const historyKey = ['settings', 'sign-in-history'] as const;
const notificationsKey = ['settings', 'notifications'] as const;

export function useAgencySettings() {
  return useQuery({ queryKey: agencyKey, queryFn: ({ signal }) => apiGet<{ agency: AgencySettings }>('/api/settings/agency', signal) });
}

export function useSaveAgencySettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AgencySettingsInput) => apiPut<{ agency: AgencySettings }>('/api/settings/agency', input),
    onSuccess: (data) => {
      qc.setQueryData(agencyKey, data);
      // the agency's name shows in the header and the agency switcher
      void qc.invalidateQueries({ queryKey: meKey });
    },
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: ({ signal }) => apiGet<{ preferences: NotificationPreferences }>('/api/settings/notifications', signal),
  });
}

export function useSaveNotificationPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferences) => apiPut<{ preferences: NotificationPreferences }>('/api/settings/notifications', input),
    onSuccess: (data) => qc.setQueryData(notificationsKey, data),
  });
}

export function useMySessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: ({ signal }) => apiGet<{ sessions: ActiveSession[] }>('/api/settings/sessions', signal) });
}

export function useSignOutSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ ok: true }>(`/api/settings/sessions/${encodeURIComponent(id)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useSignOutOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ signed_out: number }>('/api/settings/sessions/sign-out-others'),
    onSettled: () => qc.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useSignInHistory() {
  return useQuery({ queryKey: historyKey, queryFn: ({ signal }) => apiGet<{ attempts: SignInAttempt[] }>('/api/settings/sign-in-history', signal) });
}

export function useDeleteAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => apiPost<{ ok: true }>('/api/settings/delete-account', input),
    onSuccess: () => {
      qc.clear();
      qc.setQueryData(meKey, null);
    },
  });
}
