// Plan limits (platform.md §9): read from subscription_limits, enforced inside the create transaction.
import { count, eq, ne } from 'drizzle-orm';
import { CUSTOMER_TEXT } from '#shared/customers.ts';
import { POLICY_TEXT } from '#shared/policies.ts';
import type { Actor, PlanLimits } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { customers, policies, subscriptionLimits } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { connectionOf, tenant, type Tenant } from '#server/tenant.ts';
import type { Usage } from '#shared/usage.ts';

export type LimitedResource = 'policies' | 'customers';

/** The tier's limit; a missing row or a null value means unlimited. Plans are no agency's: a feature passes its context. */
export async function readLimit(on: Db | Tx | Tenant, tier: string, resource: LimitedResource): Promise<number | null> {
  const [row] = await connectionOf(on).select().from(subscriptionLimits).where(eq(subscriptionLimits.tierName, tier));
  if (!row) return null;
  return resource === 'policies' ? row.maxPolicies : row.maxClients;
}

/** A renewed term no longer counts toward the policy limit: its successor does (issue 11). */
export async function countRows(t: Tenant, resource: LimitedResource): Promise<number> {
  const [row] =
    resource === 'policies'
      ? await t.select({ n: count() }).from(policies, ne(policies.renewalState, 'renewed'))
      : await t.select({ n: count() }).from(customers);
  return Number(row?.n ?? 0);
}

export function limitError(resource: LimitedResource): AppError {
  return resource === 'policies'
    ? new AppError(403, 'POLICY_LIMIT_REACHED', POLICY_TEXT.limitMessage)
    : new AppError(403, 'CUSTOMER_LIMIT_REACHED', CUSTOMER_TEXT.limitMessage);
}

/**
 * Locks the agency row (so parallel creates of the same agency queue here), counts and compares.
 * Call it first in the transaction that inserts the row: lock, count, insert, commit. An unlimited
 * plan takes no lock, so its creates run in parallel.
 */
export async function assertWithinLimit(t: Tenant, actor: Actor, resource: LimitedResource): Promise<void> {
  await (await limitGuard(t, actor)).assert(resource);
}

export interface LimitGuard {
  /** The plan's limit of the resource (null: unlimited). */
  limit(resource: LimitedResource): number | null;
  /** As assertWithinLimit; the agency is locked once per transaction, and only for a limited resource. */
  assert(resource: LimitedResource): Promise<void>;
}

/** The tier's limits in one read; a tier without a row is unlimited. */
async function readLimits(db: Db | Tx, tier: string): Promise<PlanLimits> {
  const [row] = await db.select({ policies: subscriptionLimits.maxPolicies, customers: subscriptionLimits.maxClients }).from(subscriptionLimits).where(eq(subscriptionLimits.tierName, tier));
  return row ?? { policies: null, customers: null };
}

/**
 * The plan's limits for a transaction that may create several limited rows (a policy and its
 * customer): as the request's identity read them (issue 17), else one read.
 */
export async function limitGuard(t: Tenant, actor: Actor): Promise<LimitGuard> {
  const limits = actor.agency.limits ?? (await readLimits(t.db, actor.agency.tier));
  let locked = false;
  const limit = (resource: LimitedResource) => limits[resource];
  return {
    limit,
    assert: async (resource) => {
      const max = limit(resource);
      if (max === null) return;
      if (!locked) await t.lockAgency();
      locked = true;
      const used = await countRows(t, resource);
      if (used >= max) throw limitError(resource);
    },
  };
}

/** The agency's counts against its plan's limits. */
export async function readUsage(db: Db, actor: Actor): Promise<Usage> {
  const t = tenant(db, actor);
  const [policyCount, customerCount, limits] = await Promise.all([countRows(t, 'policies'), countRows(t, 'customers'), planLimitsOf(db, actor)]);
  return usageOf(actor, { policies: policyCount, customers: customerCount }, limits);
}

/** The plan's limits as the request's identity statement read them (issue 17), else one read. */
export async function planLimitsOf(db: Db, actor: Actor): Promise<PlanLimits> {
  return actor.agency.limits ?? (await readLimits(db, actor.agency.tier));
}

/** The usage answer from the agency's counts and its plan's limits. */
export function usageOf(actor: Actor, counts: Record<LimitedResource, number>, limits: PlanLimits): Usage {
  return {
    policies: { count: counts.policies, limit: limits.policies },
    customers: { count: counts.customers, limit: limits.customers },
    tier: actor.agency.tier,
  };
}
