// Query hooks for /admin/security and /admin/analytics.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '#shared/admin.ts';
import type { SystemAnalytics } from '#shared/admin-analytics.ts';
import type { AuditEntry } from '#shared/audit.ts';
import type { PlatformSettings, SignInLockout } from '#shared/platform-settings.ts';
import { apiGet, apiPost, apiPut } from '#web/lib/api.ts';

export const auditKey = ['admin', 'audit'] as const;
export const lockoutsKey = ['admin', 'lockouts'] as const;
export const platformSettingsKey = ['admin', 'platform-settings'] as const;

export interface AuditFilters {
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
}

export function auditParams(f: AuditFilters, page?: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v && v !== 'all') params.set(k, v);
  if (page) params.set('page', String(page));
  return params;
}

export function useAuditLog(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: [...auditKey, filters, page],
    queryFn: ({ signal }) => apiGet<Paged<AuditEntry> & { totalIsEstimate: boolean }>(`/api/admin/audit?${auditParams(filters, page)}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useLockouts() {
  return useQuery({ queryKey: lockoutsKey, queryFn: ({ signal }) => apiGet<{ rows: SignInLockout[] }>('/api/admin/lockouts', signal) });
}

export function useUnlock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => apiPost('/api/admin/lockouts/unlock', { key }),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: lockoutsKey }), qc.invalidateQueries({ queryKey: auditKey })]),
  });
}

export function usePlatformSettings() {
  return useQuery({
    queryKey: platformSettingsKey,
    queryFn: ({ signal }) => apiGet<{ settings: PlatformSettings }>('/api/admin/platform-settings', signal),
  });
}

export function useSavePlatformSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: PlatformSettings) => apiPut<{ settings: PlatformSettings }>('/api/admin/platform-settings', settings),
    onSuccess: (data) => qc.setQueryData(platformSettingsKey, data),
    onSettled: () => qc.invalidateQueries({ queryKey: auditKey }),
  });
}

export function useSystemAnalytics() {
  return useQuery({ queryKey: ['admin', 'analytics'], queryFn: ({ signal }) => apiGet<SystemAnalytics>('/api/admin/analytics', signal) });
}

/** Whether the admin area will refuse the caller for lack of two-factor (platform setting). */
export function useAdminGate() {
  return useQuery({ queryKey: ['admin-gate'], queryFn: ({ signal }) => apiGet<{ twoFactorRequired: boolean; message: string | null }>('/api/admin-gate', signal) });
}
