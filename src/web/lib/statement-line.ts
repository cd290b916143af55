// A carrier statement's line not in the book (issue 31): the new-policy form is filled from it
// (/dashboard/policies/new?from_line=<id>), then the line is matched to the policy just created;
// the Undo of that match, or of an ignore, puts the line back among those not in the book.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { COMMISSION_TEXT, type StatementLineDetail } from '#shared/commissions.ts';
import { apiGet, apiPost } from './api.ts';
import { refreshBook } from './book.ts';

export function useStatementLine(id: string | null) {
  return useQuery({
    queryKey: ['commissions', 'line', id],
    queryFn: ({ signal }) => apiGet<{ line: StatementLineDetail }>(`/api/commissions/lines/${encodeURIComponent(id ?? '')}`, signal),
    enabled: Boolean(id),
  });
}

/** After a match or its undo: the reconciliation, the statements and the policies' Commission column move. */
async function refreshCommissions(qc: QueryClient) {
  await Promise.all([qc.invalidateQueries({ queryKey: ['commissions'] }), refreshBook(qc)]);
}

export async function matchLine(qc: QueryClient, lineId: string, policyId: string): Promise<{ policy_number: string }> {
  const out = await apiPost<{ ok: true; policy_number: string }>(`/api/commissions/lines/${encodeURIComponent(lineId)}/match`, { policy_id: policyId });
  await refreshCommissions(qc);
  return out;
}

/** Puts the line back as the import left it: its policy's number when it pays that one again, else null (not in the book). */
export async function reopenLine(qc: QueryClient, lineId: string): Promise<{ policy_number: string | null }> {
  const out = await apiPost<{ ok: true; policy_number: string | null }>(`/api/commissions/lines/${encodeURIComponent(lineId)}/reopen`);
  await refreshCommissions(qc);
  return out;
}

/** The toast after a reopen. */
export const reopenedText = (out: { policy_number: string | null }) =>
  out.policy_number ? COMMISSION_TEXT.lineRestored(out.policy_number) : COMMISSION_TEXT.lineReopened;
