// One query hook per commissions endpoint; the reconciliation's filters are its cache key.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CommissionRate,
  MatchCandidate,
  ReconciliationResult,
  Statement,
  StatementLineDetail,
  StatementMapping,
  StatementPreview,
  TermLine,
  UnmatchedLine,
} from '#shared/commissions.ts';

export type { UnmatchedLine };
import type { ProducerReport, ProducerSplit } from '#shared/commission-splits.ts';
import { api, apiDelete, apiGet, apiPost, apiPut } from '#web/lib/api.ts';

export interface ReconciliationFilters {
  state: string;
  carrier: string;
  month: string;
  statement: string;
  /** only the terms expected but not paid 60 days after their start */
  overdue: boolean;
  page: number;
}


export function reconciliationSearch(f: ReconciliationFilters): string {
  const s = new URLSearchParams();
  if (f.state !== 'all') s.set('state', f.state);
  if (f.carrier) s.set('carrier', f.carrier);
  if (f.month) s.set('month', f.month);
  if (f.statement) s.set('statement', f.statement);
  if (f.overdue) s.set('overdue', '1');
  if (f.page > 1) s.set('page', String(f.page));
  return s.toString();
}

export function useReconciliation(f: ReconciliationFilters) {
  return useQuery({
    queryKey: ['commissions', 'reconciliation', f],
    queryFn: ({ signal }) => {
      const q = reconciliationSearch(f);
      return apiGet<ReconciliationResult>(`/api/commissions${q ? `?${q}` : ''}`, signal);
    },
    placeholderData: keepPreviousData,
  });
}

export function useCommissionCarriers() {
  return useQuery({ queryKey: ['commissions', 'carriers'], queryFn: ({ signal }) => apiGet<{ carriers: string[] }>('/api/commissions/carriers', signal) });
}

export function useRates() {
  return useQuery({ queryKey: ['commissions', 'rates'], queryFn: ({ signal }) => apiGet<{ rates: CommissionRate[] }>('/api/commissions/rates', signal) });
}

export function useStatements() {
  return useQuery({ queryKey: ['commissions', 'statements'], queryFn: ({ signal }) => apiGet<{ statements: Statement[] }>('/api/commissions/statements', signal) });
}

export function useUnmatched() {
  return useQuery({ queryKey: ['commissions', 'unmatched'], queryFn: ({ signal }) => apiGet<{ lines: UnmatchedLine[] }>('/api/commissions/unmatched', signal) });
}

/** The match dialog's policies for a line: a search by number or insured, or (empty) suggestions. */
export function useMatchCandidates(lineId: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['commissions', 'candidates', lineId, q],
    queryFn: ({ signal }) =>
      apiGet<{ line: StatementLineDetail; candidates: MatchCandidate[] }>(`/api/commissions/lines/${encodeURIComponent(lineId)}/candidates?q=${encodeURIComponent(q)}`, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The lines that pay one term (statement lines and receipts by hand). */
export function useTermLines(policyId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['commissions', 'term-lines', policyId],
    queryFn: ({ signal }) => apiGet<{ lines: TermLine[] }>(`/api/commissions/policies/${encodeURIComponent(policyId)}/lines`, signal),
    enabled,
  });
}

export function useTolerance() {
  return useQuery({ queryKey: ['commissions', 'settings'], queryFn: ({ signal }) => apiGet<{ tolerance: string }>('/api/commissions/settings', signal) });
}

/** Any change to rates, receipts or statements moves the reconciliation: everything under 'commissions' is read again. */
function useCommissionMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['commissions'] }) });
}

export const useCreateRate = () => useCommissionMutation((body: Record<string, string>) => apiPost<{ rate: CommissionRate }>('/api/commissions/rates', body));
export const useDeleteRate = () => useCommissionMutation((id: string) => apiDelete<{ ok: true }>(`/api/commissions/rates/${id}`));
/** Saves a tolerance outside a component's life (a toast's Undo may be pressed on another view). */
export async function restoreTolerance(qc: QueryClient, tolerance: string) {
  await apiPut<{ tolerance: string; previous: string }>('/api/commissions/settings', { tolerance });
  await qc.invalidateQueries({ queryKey: ['commissions'] });
}

export const useSaveTolerance = () => useCommissionMutation((tolerance: string) => apiPut<{ tolerance: string; previous: string }>('/api/commissions/settings', { tolerance }));
export const useUndoStatement = () => useCommissionMutation((id: string) => apiPost<{ statement: Statement }>(`/api/commissions/statements/${id}/undo`));
export const useIgnoreLine = () =>
  useCommissionMutation((v: { id: string; reason: string }) => apiPost<{ ok: true }>(`/api/commissions/lines/${v.id}/ignore`, { reason: v.reason }));

export interface StatementInput {
  file: File;
  carrier: string;
  period: string;
  mapping?: StatementMapping;
  confirm?: boolean;
}

function statementForm(v: StatementInput): FormData {
  // the fields before the file: the server checks them before it reads the file's bytes
  const form = new FormData();
  form.set('carrier', v.carrier);
  form.set('period', v.period);
  if (v.mapping) form.set('mapping', JSON.stringify(v.mapping));
  if (v.confirm) form.set('confirm', 'true');
  form.set('file', v.file);
  return form;
}

export function previewStatement(v: StatementInput) {
  return api<StatementPreview>('/api/commissions/statements/preview', { method: 'POST', body: statementForm(v) });
}

export const useImportStatement = () =>
  useCommissionMutation((v: StatementInput) => api<{ statement: Statement }>('/api/commissions/statements', { method: 'POST', body: statementForm(v) }));

export function useProducers() {
  return useQuery({ queryKey: ['commissions', 'producers'], queryFn: ({ signal }) => apiGet<{ producers: ProducerSplit[] }>('/api/commissions/producers', signal) });
}

export function useProducerReport(month: string) {
  return useQuery({
    queryKey: ['commissions', 'producer-report', month],
    queryFn: ({ signal }) => apiGet<ProducerReport>(`/api/commissions/producer-report${month ? `?month=${month}` : ''}`, signal),
    placeholderData: keepPreviousData,
  });
}

export const useSaveProducerSplit = () =>
  useCommissionMutation((v: { userId: string; new_business: string; renewal: string }) =>
    apiPut<{ producer: ProducerSplit }>(`/api/commissions/producers/${v.userId}`, { new_business: v.new_business, renewal: v.renewal }),
  );
