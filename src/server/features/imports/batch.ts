// The fast path of an import: the new rows of a chunk written set-based in one transaction — one
// multi-row INSERT per table instead of a create transaction per row — with the same columns, plan
// limits and activity lines as the one create path (policies and customers services). Rows that are
// not plain creates (duplicates, an assignee to check) go through the services one by one; a chunk
// that hits a database error is rolled back and replayed through the services row by row, so the
// fast path never decides anything the services would decide differently.
import { inArray } from 'drizzle-orm';
import type { CustomerValues } from '#shared/customers.ts';
import type { PolicyValues } from '#shared/policies.ts';
import type { Actor } from '#server/context.ts';
import { activityLog, customers, policies } from '#server/db/schema.ts';
import type { Tenant } from '#server/tenant.ts';
import { customerColumns, toCustomer } from '#server/entities/customers.ts';
import { emit } from '#server/platform/events.ts';
import { agencyTodayOf } from '#server/platform/policy-status.ts';
import { countRows, limitError, readLimit, type LimitedResource } from '#server/platform/limits.ts';
import { customerFromPolicySummary, policyColumns, policyCreatedSummary } from '#server/entities/policies/write.ts';
import { readPolicy } from '#server/entities/policies/read.ts';
import { AppError } from '#server/errors.ts';

/** Rows per chunk transaction. */
export const IMPORT_CHUNK = 500;

/** What the caller still has room for under the plan (null: unlimited), read after the agency lock. */
export async function remainingCapacity(t: Tenant, actor: Actor): Promise<Record<LimitedResource, number | null>> {
  const [policyLimit, customerLimit] = await Promise.all([readLimit(t, actor.agency.tier, 'policies'), readLimit(t, actor.agency.tier, 'customers')]);
  // the same lock assertWithinLimit takes, once per chunk: same-agency creates queue behind it
  if (policyLimit !== null || customerLimit !== null) await t.lockAgency();
  return {
    policies: policyLimit === null ? null : Math.max(0, policyLimit - (await countRows(t, 'policies'))),
    customers: customerLimit === null ? null : Math.max(0, customerLimit - (await countRows(t, 'customers'))),
  };
}

/** The agency's existing customers among these e-mails. */
export async function existingCustomers(t: Tenant, emails: string[]): Promise<Map<string, string>> {
  if (!emails.length) return new Map();
  const rows = await t.select({ id: customers.id, email: customers.email }).from(customers, inArray(customers.email, emails));
  return new Map(rows.map((r) => [r.email, r.id]));
}

/** The agency's existing policy numbers among these. */
export async function existingPolicyNumbers(t: Tenant, numbers: string[]): Promise<Set<string>> {
  if (!numbers.length) return new Set();
  const rows = await t.select({ number: policies.policyNumber }).from(policies, inArray(policies.policyNumber, numbers));
  return new Set(rows.map((r) => r.number));
}

/**
 * How many of `needs` (in file order) fit: each entry says what one row would create. Returns the
 * count that fits and the limit error of the first that does not (null when all fit).
 */
export function fitWithin(
  room: Record<LimitedResource, number | null>,
  needs: { policies: number; customers: number }[],
): { fits: number; error: AppError | null } {
  let policiesLeft = room.policies ?? Infinity;
  let customersLeft = room.customers ?? Infinity;
  for (let i = 0; i < needs.length; i += 1) {
    // the policy limit is checked first, as insertPolicy does
    if (needs[i].policies > policiesLeft) return { fits: i, error: limitError('policies') };
    if (needs[i].customers > customersLeft) return { fits: i, error: limitError('customers') };
    policiesLeft -= needs[i].policies;
    customersLeft -= needs[i].customers;
  }
  return { fits: needs.length, error: null };
}

/** New customers in one INSERT (and their activity lines in another); returns email → id. */
export async function insertCustomers(
  t: Tenant,
  actor: Actor,
  rows: { values: ReturnType<typeof customerColumns>; summary: string }[],
): Promise<Map<string, string>> {
  if (!rows.length) return new Map();
  const inserted = await t
    .insert(
      customers,
      rows.map((r) => ({ ...r.values, createdBy: actor.userId })),
    )
    .returning({ id: customers.id, email: customers.email });
  const ids = new Map(inserted.map((r) => [r.email, r.id]));
  await t.insert(
    activityLog,
    rows.map((r) => ({ actorId: actor.userId, kind: 'customer' as const, action: 'created', entityId: ids.get(r.values.email) ?? null, summary: r.summary.slice(0, 500) })),
  );
  // the same customer.created event as the create path, one per row (its activity line is above);
  // the rows are read once, and only when a subscriber asks for one (an endpoint listens)
  let created: Promise<Map<string, typeof customers.$inferSelect>> | undefined;
  const createdRows = () => (created ??= (async () => new Map((await t.from(customers, inArray(customers.id, [...ids.values()]))).map((r) => [r.id, r])))());
  for (const id of ids.values()) await emit(t, actor, { type: 'customer.created', entityId: id, data: async () => toCustomer((await createdRows()).get(id)!) });
  return ids;
}

/** A customer import's new rows. */
export async function insertCustomerRows(t: Tenant, actor: Actor, rows: CustomerValues[]): Promise<string[]> {
  const ids = await insertCustomers(
    t,
    actor,
    rows.map((values) => ({ values: customerColumns(values), summary: `Created customer ${values.name}` })),
  );
  return [...ids.values()];
}

/**
 * A policy import's new rows: the customers their e-mails need (those not in `known`), the policies,
 * with their line's details, and the activity lines. Returns the created ids.
 */
export async function insertPolicyRows(
  t: Tenant,
  actor: Actor,
  rows: PolicyValues[],
  known: Map<string, string>,
): Promise<{ policyIds: string[]; customerIds: string[] }> {
  const newCustomers = new Map<string, { values: ReturnType<typeof customerColumns>; summary: string }>();
  for (const r of rows) {
    if (known.has(r.customer_email) || newCustomers.has(r.customer_email)) continue;
    newCustomers.set(r.customer_email, {
      values: { name: r.customer_name, email: r.customer_email, phone: r.customer_phone, customerType: 'individual' } as ReturnType<typeof customerColumns>,
      summary: customerFromPolicySummary(r.customer_name, r.policy_number),
    });
  }
  const created = await insertCustomers(t, actor, [...newCustomers.values()]);
  const customerOf = (email: string) => known.get(email) ?? created.get(email)!;
  const today = agencyTodayOf(actor);
  const inserted = await t
    .insert(
      policies,
      rows.map((r) => ({ createdBy: actor.userId, ...policyColumns(r, customerOf(r.customer_email), today), assigneeId: actor.userId })),
    )
    .returning({ id: policies.id, number: policies.policyNumber });
  const idOf = new Map(inserted.map((p) => [p.number, p.id]));
  await t.insert(
    activityLog,
    rows.map((r) => ({ actorId: actor.userId, kind: 'policy' as const, action: 'created', entityId: idOf.get(r.policy_number)!, summary: policyCreatedSummary(r).slice(0, 500) })),
  );
  for (const id of idOf.values()) await emit(t, actor, { type: 'policy.created', entityId: id, data: () => readPolicy(t, id) });
  return { policyIds: [...idOf.values()], customerIds: [...created.values()] };
}
