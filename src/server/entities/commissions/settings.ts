// The agency's commission settings (issue 31): the reconciliation tolerance and each carrier's saved
// statement mapping, read by the reconciliation and written by a statement's import (the Commissions
// page and /api/v1 both import through entities/commissions/statements.ts).
import { sql } from 'drizzle-orm';
import { commissionSettings } from '#server/db/schema.ts';
import type { Tenant } from '#server/tenant.ts';

/** How a carrier's name is compared: a statement's or a schedule's "Acme Mutual " is a policy's "acme mutual". */
export const carrierKey = (carrier: string) => carrier.trim().replace(/\s+/g, ' ').toLowerCase();

export interface CommissionSettings {
  tolerance: string;
  mappings: Record<string, Record<string, string>>;
}

export async function readSettings(t: Tenant): Promise<CommissionSettings> {
  const [row] = await t.from(commissionSettings);
  return { tolerance: row?.tolerance ?? '1.00', mappings: row?.mappings ?? {} };
}

/** Remembers which header each field was read from, so the carrier's next file maps itself. */
export async function saveMapping(t: Tenant, carrier: string, byHeader: Record<string, string>): Promise<void> {
  const key = carrierKey(carrier);
  await t
    .insert(commissionSettings, { mappings: { [key]: byHeader } })
    .onConflictDoUpdate({
      target: commissionSettings.agencyId,
      set: { mappings: sql`${commissionSettings.mappings} || ${JSON.stringify({ [key]: byHeader })}::jsonb`, updatedAt: new Date() },
    });
}
