// A policy as the API answers it, from a drizzle row (toPolicy) or from a prepared statement's text
// row (policyTextColumns, read by name in policyFromText): one shape for the page, /api/v1, the
// change feed and the import.
import {
  type Policy,
  type PolicyType,
} from '#shared/policies.ts';
import type { LostReason, RenewalState } from '#shared/renewals.ts';
import { termOf } from '#shared/terms.ts';
import { policies, user } from '#server/db/schema.ts';
import { derivePolicyStatus, type CancelMethod, type CancelReason } from '#shared/policy-status.ts';
import { statusOfRow } from '#server/platform/policy-status.ts';
import { rowPositions } from '#server/db/prepared.ts';
import { assigneeName } from '#server/platform/team-membership.ts';

type PolicyRow = typeof policies.$inferSelect;

/** A row as the API answers it; its status by the rule on the agency's `today`. */
export function toPolicy(row: PolicyRow, assignee: { first: string | null; name: string | null } | null, today: string): Policy {
  return {
    id: row.id,
    customer_id: row.customerId,
    policy_number: row.policyNumber,
    insurance_company: row.insuranceCompany,
    policy_type: row.policyType as PolicyType,
    customer_name: row.customerName,
    customer_email: row.customerEmail,
    customer_phone: row.customerPhone,
    premium_amount: row.premiumAmount,
    coverage_amount: row.coverageAmount,
    deductible: row.deductible,
    start_date: row.startDate,
    end_date: row.endDate,
    term: termOf(row.startDate, row.endDate),
    status: statusOfRow(row, today),
    bound: row.bound,
    cancel_effective_date: row.cancelEffectiveDate,
    cancel_reason: row.cancelReason as CancelReason | null,
    cancel_method: row.cancelMethod as CancelMethod | null,
    unearned_premium: row.unearnedPremium,
    assignee_id: row.assigneeId,
    assignee_name: row.assigneeId ? (assignee?.first ?? assignee?.name ?? null) : null,
    renewal_state: row.renewalState as RenewalState,
    lost_reason: row.lostReason as LostReason | null,
    lost_note: row.lostNote,
    renewed_from_id: row.renewedFromId,
    remarket: row.remarket,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * A policy's columns for a prepared statement read as text rows (the web list and /api/v1's page),
 * read by name through their positions (POLICY_TEXT_AT) in `policyFromText`; a statement may add
 * its own columns after these (rowPositions of the whole select list).
 */
export const policyTextColumns = {
  id: policies.id,
  customerId: policies.customerId,
  policyNumber: policies.policyNumber,
  insuranceCompany: policies.insuranceCompany,
  policyType: policies.policyType,
  customerName: policies.customerName,
  customerEmail: policies.customerEmail,
  customerPhone: policies.customerPhone,
  premiumAmount: policies.premiumAmount,
  coverageAmount: policies.coverageAmount,
  deductible: policies.deductible,
  startDate: policies.startDate,
  endDate: policies.endDate,
  status: policies.status,
  bound: policies.bound,
  cancelEffectiveDate: policies.cancelEffectiveDate,
  cancelReason: policies.cancelReason,
  cancelMethod: policies.cancelMethod,
  unearnedPremium: policies.unearnedPremium,
  assigneeId: policies.assigneeId,
  renewalState: policies.renewalState,
  lostReason: policies.lostReason,
  lostNote: policies.lostNote,
  renewedFromId: policies.renewedFromId,
  remarket: policies.remarket,
  createdAt: policies.createdAt,
  updatedAt: policies.updatedAt,
  first: assigneeName,
  name: user.name,
};
export const POLICY_TEXT_AT = rowPositions(policyTextColumns);

/** A row of policyTextColumns, as text, read by name: the same answer as toPolicy's. */
export function policyFromText(r: (string | null)[], today: string): Policy {
  const at = POLICY_TEXT_AT;
  return {
    id: r[at.id]!,
    customer_id: r[at.customerId],
    policy_number: r[at.policyNumber]!,
    insurance_company: r[at.insuranceCompany]!,
    policy_type: r[at.policyType] as PolicyType,
    customer_name: r[at.customerName]!,
    customer_email: r[at.customerEmail]!,
    customer_phone: r[at.customerPhone],
    premium_amount: r[at.premiumAmount]!,
    coverage_amount: r[at.coverageAmount]!,
    deductible: r[at.deductible]!,
    start_date: r[at.startDate]!,
    end_date: r[at.endDate]!,
    term: termOf(r[at.startDate]!, r[at.endDate]!),
    status: derivePolicyStatus(
      { start_date: r[at.startDate]!, end_date: r[at.endDate]!, bound: r[at.bound] === 't', cancel_effective_date: r[at.cancelEffectiveDate], renewal_state: r[at.renewalState]! },
      today,
    ),
    bound: r[at.bound] === 't',
    cancel_effective_date: r[at.cancelEffectiveDate],
    cancel_reason: r[at.cancelReason] as CancelReason | null,
    cancel_method: r[at.cancelMethod] as CancelMethod | null,
    unearned_premium: r[at.unearnedPremium],
    assignee_id: r[at.assigneeId],
    assignee_name: r[at.assigneeId] ? (r[at.first] ?? r[at.name] ?? null) : null,
    renewal_state: r[at.renewalState] as RenewalState,
    lost_reason: r[at.lostReason] as LostReason | null,
    lost_note: r[at.lostNote],
    renewed_from_id: r[at.renewedFromId],
    remarket: r[at.remarket] === 't',
    created_at: new Date(r[at.createdAt]!).toISOString(),
    updated_at: new Date(r[at.updatedAt]!).toISOString(),
  };
}
