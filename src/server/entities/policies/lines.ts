// A policy's line-of-business details on the server (decision 051): read back from policies.details,
// the umbrella's links checked against the agency's rows, and a change of line kept in the activity log.
import { and, eq, inArray, ne } from 'drizzle-orm';
import { DETAILS_KEYS, displayValue, fieldsOf, lineOf, POLICY_TYPE_LABEL, type LineDetails, type PolicyType } from '#shared/lines/index.ts';
import type { PolicyValues } from '#shared/policies.ts';
import { policies } from '#server/db/schema.ts';
import { badRequest } from '#server/errors.ts';
import type { Tenant } from '#server/tenant.ts';

/** Every line's details field: the policy's own line's stored details, the others null. */
export function detailsOf(type: string, details: unknown): LineDetails {
  const own = `${type}_details`;
  return Object.fromEntries(DETAILS_KEYS.map((k) => [k, k === own && details ? details : null])) as LineDetails;
}

export const UNDERLYING_TEXT = {
  notTheCustomers: 'Underlying Policies must be other policies of the same customer.',
} as const;

/**
 * Linked policies (an umbrella's underlying ones) are other policies of this customer in this agency:
 * a foreign or unknown id is refused with the field named, as the schema would.
 */
export async function assertUnderlyingPolicies(t: Tenant, input: PolicyValues, customerId: string, selfId?: string): Promise<void> {
  const line = lineOf(input.policy_type);
  const details = input[`${input.policy_type}_details` as keyof PolicyValues] as Record<string, unknown> | null;
  if (!details) return;
  for (const { key, meta } of fieldsOf(line.fields)) {
    const ids = details[key];
    if (meta.kind !== 'policies' || !Array.isArray(ids) || !ids.length) continue;
    const found = await t
      .select({ id: policies.id })
      .from(policies, and(inArray(policies.id, ids as string[]), eq(policies.customerId, customerId), selfId ? ne(policies.id, selfId) : undefined));
    if (found.length !== ids.length) {
      const field = `${input.policy_type}_details.${key}`;
      throw badRequest(UNDERLYING_TEXT.notTheCustomers, { [field]: UNDERLYING_TEXT.notTheCustomers });
    }
  }
}

/** " (line changed from Car to Home; Car details were: Make: Ford, …)" when the line changes, else "". */
export function lineChangeSummary(before: { policyType: string; details: unknown }, after: PolicyType): string {
  if (before.policyType === after) return '';
  const from = POLICY_TYPE_LABEL[before.policyType as PolicyType] ?? before.policyType;
  const details = (before.details ?? {}) as Record<string, unknown>;
  const parts = fieldsOf(lineOf(before.policyType).fields)
    .map(({ key, meta }) => [meta.show ?? meta.label, displayValue(meta, details[key])] as const)
    .filter(([, v]) => v !== null)
    .map(([label, v]) => `${label}: ${v}`);
  return ` (line changed from ${from} to ${POLICY_TYPE_LABEL[after]}; ${from} details were: ${parts.length ? parts.join(', ') : 'none'})`;
}

/** Whether the policy links other policies (an umbrella's underlying ones): its create checks them. */
export function linksPolicies(input: PolicyValues): boolean {
  const details = input[`${input.policy_type}_details` as keyof PolicyValues] as Record<string, unknown> | null;
  return fieldsOf(lineOf(input.policy_type).fields).some(({ key, meta }) => meta.kind === 'policies' && Array.isArray(details?.[key]) && (details[key] as unknown[]).length > 0);
}
