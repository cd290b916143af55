// One query hook per renewals endpoint; every change refreshes the cockpit and the book.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PolicyDetail } from '#shared/policies.ts';
import type { PolicyTerm } from '#shared/terms.ts';
import type { LostReason, RenewalCockpit, RenewalPrefill, RenewalQuery } from '#shared/renewals.ts';
import { apiDelete, apiGet, apiPost, apiPut } from '#web/lib/api.ts';
import { policyKeys, refreshBook } from './book.ts';

export type CockpitFilters = Partial<Pick<RenewalQuery, 'assignee' | 'type' | 'carrier' | 'bucket' | 'sort' | 'page' | 'view'>>;

export const renewalKeys = {
  all: ['renewals'] as const,
  cockpit: (q: CockpitFilters) => ['renewals', 'cockpit', q] as const,
  prefill: (id: string) => ['renewals', 'prefill', id] as const,
};

/**
 * Unset filters are left out of the URL, so the server's defaults apply ("My renewals" for a team
 * member); a chosen "all" is sent, so a team member can ask for everyone.
 */
function cockpitQuery(q: CockpitFilters): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const cockpitQueryOptions = (q: CockpitFilters) => ({
  queryKey: renewalKeys.cockpit(q),
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<RenewalCockpit>(`/api/renewals${cockpitQuery(q)}`, signal),
});

export function useCockpit(q: CockpitFilters) {
  return useQuery({ ...cockpitQueryOptions(q), placeholderData: keepPreviousData });
}

export function usePrefill(id: string) {
  return useQuery({
    queryKey: renewalKeys.prefill(id),
    queryFn: ({ signal }) => apiGet<RenewalPrefill>(`/api/renewals/${encodeURIComponent(id)}/renew`, signal),
    retry: false,
  });
}

/**
 * After a renewal action: the cockpit, the policy lists and details, the counts. The acted-on
 * policy's renew info is only marked stale, not fetched again: the Renew form is still on screen
 * when its renew succeeds, and asking again would be answered 409 (that term is renewed now).
 */
function useRenewalMutation<V>(call: (vars: V) => Promise<PolicyDetail>, idOf: (vars: V) => string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (saved, vars) => {
      qc.setQueryData(policyKeys.detail(saved.id), saved);
      const acted = renewalKeys.prefill(idOf(vars));
      const isActed = (key: readonly unknown[]) => key.length === acted.length && acted.every((part, i) => key[i] === part);
      await Promise.all([
        refreshBook(qc),
        qc.invalidateQueries({ queryKey: renewalKeys.all, predicate: (q) => !isActed(q.queryKey) }),
        qc.invalidateQueries({ queryKey: acted, refetchType: 'none' }),
      ]);
    },
  });
}

const path = (id: string, tail: string) => `/api/renewals/${encodeURIComponent(id)}/${tail}`;

const byId = (v: { id: string }) => v.id;

export const useRenew = () =>
  useRenewalMutation(
    ({ id, ...body }: { id: string; premium_amount: string; policy_number: string; term?: PolicyTerm; end_date?: string }) =>
      apiPost<PolicyDetail>(path(id, 'renew'), body),
    byId,
  );
export const useMarkLost = () =>
  useRenewalMutation((v: { id: string; reason: LostReason; note: string }) => apiPost<PolicyDetail>(path(v.id, 'lost'), { reason: v.reason, note: v.note }), byId);
export const useUndoLost = () =>
  useRenewalMutation(
    (id: string) => apiDelete<PolicyDetail>(path(id, 'lost')),
    (id) => id,
  );
export const useAssign = () =>
  useRenewalMutation((v: { id: string; assignee_id: string }) => apiPut<PolicyDetail>(path(v.id, 'assignee'), { assignee_id: v.assignee_id }), byId);
export const useSetRenewalState = () =>
  useRenewalMutation((v: { id: string; state: 'not_started' | 'contacted' | 'quoted' }) => apiPut<PolicyDetail>(path(v.id, 'state'), { state: v.state }), byId);
