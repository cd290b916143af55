// API keys: created by the agency owner or an admin, shown once, kept only as a SHA-256 hash
// (docs/decisions/027-api-keys-rest-api.md). Creation and revocation go to the activity log.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { API_KEY_PREFIX, API_KEY_VISIBLE_LENGTH, API_TEXT, describeScopes, type ApiKeyValues, type ApiKeyView, type ApiScopes, type CreatedApiKey } from '#shared/api-keys.ts';
import type { Actor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { idOr404 } from '#server/db/helpers.ts';
import { apiKeys, user } from '#server/db/schema.ts';
import { forbidden, notFound } from '#server/errors.ts';
import { tenant } from '#server/tenant.ts';
import { logActivity } from '../activity/service.ts';

/** 32 random bytes (256 bits) in base64url: guessing is hopeless, so one fast hash is enough. */
export function generateKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What a well-formed key looks like; anything else is refused before touching the database. */
export const KEY_PATTERN = /^pd_live_[A-Za-z0-9_-]{43}$/;

export function assertKeyManager(actor: Actor): void {
  if (actor.agency.role !== 'owner' && actor.agency.role !== 'admin') throw forbidden(API_TEXT.managersOnly, 'DENIED_AGENCY_ROLE');
}

type Row = typeof apiKeys.$inferSelect;
const toView = (row: Row, first: string | null, last: string | null, email: string | null): ApiKeyView => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiScopes,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  created_by_name: `${first ?? ''} ${last ?? ''}`.trim() || email,
});

export async function listApiKeys(db: Db, actor: Actor): Promise<ApiKeyView[]> {
  assertKeyManager(actor);
  const t = tenant(db, actor);
  const rows = await db
    .select({ key: apiKeys, first: user.firstName, last: user.lastName, email: user.email })
    .from(apiKeys)
    .leftJoin(user, eq(user.id, apiKeys.createdBy))
    .where(t.where(apiKeys, isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map((r) => toView(r.key, r.first, r.last, r.email));
}

export async function createApiKey(db: Db, actor: Actor, input: ApiKeyValues): Promise<CreatedApiKey> {
  assertKeyManager(actor);
  const key = generateKey();
  return tenant(db, actor).transaction(async (t) => {
    const [row] = await t
      .insert(apiKeys, {
        name: input.name,
        prefix: key.slice(0, API_KEY_VISIBLE_LENGTH),
        secretHash: hashKey(key),
        scopes: input.scopes,
        createdBy: actor.userId,
      })
      .returning();
    await logActivity(t, actor, {
      kind: 'integration',
      action: 'created',
      entityId: row.id,
      summary: `Created API key ${row.name} (${row.prefix}…; ${describeScopes(input.scopes)})`,
    });
    return { ...toView(row, actor.firstName, actor.lastName, actor.email), key };
  });
}

/** A revoked key is kept (marked), so its hash can never be issued or accepted again. */
export async function revokeApiKey(db: Db, actor: Actor, rawId: string): Promise<void> {
  assertKeyManager(actor);
  const id = idOr404(rawId, API_TEXT.notFound);
  await tenant(db, actor).transaction(async (t) => {
    const [row] = await t
      .update(apiKeys, { revokedAt: new Date() }, and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ name: apiKeys.name, prefix: apiKeys.prefix });
    if (!row) throw notFound(API_TEXT.notFound);
    await logActivity(t, actor, { kind: 'integration', action: 'deleted', entityId: id, summary: `Revoked API key ${row.name} (${row.prefix}…)` });
  });
}
