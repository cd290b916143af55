// Plan limits (platform.md §9): read from subscription_limits, enforced inside the create transaction.
import { count, eq, sql } from 'drizzle-orm';
import { CUSTOMER_TEXT } from '#shared/customers.ts';
import { POLICY_TEXT } from '#shared/policies.ts';
import type { Actor } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { customers, policies, subscriptionLimits } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

export type LimitedResource = 'policies' | 'customers';

/** The tier's limit; a missing row or a null value means unlimited. */
export async function readLimit(db: Db | Tx, tier: string, resource: LimitedResource): Promise<number | null> {
  const [row] = await db.select().from(subscriptionLimits).where(eq(subscriptionLimits.tierName, tier));
  if (!row) return null;
  return resource === 'policies' ? row.maxPolicies : row.maxClients;
}

export async function countRows(db: Db | Tx, agencyId: string, resource: LimitedResource): Promise<number> {
  const table = resource === 'policies' ? policies : customers;
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.agencyId, agencyId));
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
export async function assertWithinLimit(tx: Tx, actor: Actor, resource: LimitedResource): Promise<void> {
  const limit = await readLimit(tx, actor.agency.tier, resource);
  if (limit === null) return;
  await tx.execute(sql`select id from agencies where id = ${actor.agency.id} for update`);
  const used = await countRows(tx, actor.agency.id, resource);
  if (used >= limit) throw limitError(resource);
}
