// What a user's deletion (by the super admin, or their own "Delete my account") must remove from
// storage besides the rows: read inside the deleting transaction, removed after the commit.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { agencies, documents } from '#server/db/schema.ts';

/**
 * The storage keys of every document of the agencies a user owns (their agencies and documents go
 * with them by cascade); the caller removes the objects after the commit, as for receipts (decision
 * 010), so no bytes are left without a row.
 */
export async function documentKeysOfOwner(tx: Db | Tx, ownerId: string): Promise<string[]> {
  const rows = await tx
    .select({ key: documents.storageKey })
    .from(documents)
    .innerJoin(agencies, eq(agencies.id, documents.agencyId))
    .where(eq(agencies.ownerId, ownerId));
  return rows.map((r) => r.key);
}
