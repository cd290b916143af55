// API keys: created by the agency owner or an admin, shown once, kept only as a SHA-256 hash
// (docs/decisions/027-api-keys-rest-api.md). Creation and revocation go to the activity log. A key
// lives no longer than its creator's right to make it: leaving the team or the admin role revokes it
// (issue 26 §2), and the owner is told on the keys page.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import {
  API_KEY_PREFIX,
  API_KEY_VISIBLE_LENGTH,
  API_TEXT,
  apiRateLimitFor,
  describeScopes,
  hasWriteScope,
  type ApiKeysAnswer,
  type ApiKeyValues,
  type ApiKeyView,
  type ApiScopes,
  type CreatedApiKey,
} from '#shared/api-keys.ts';
import { checkAccess } from '#shared/access.ts';
import { FEATURES, planIncludes } from '#shared/features.ts';
import { accessSubject, type Actor } from '#server/context.ts';
import { idOr404 } from '#server/db/helpers.ts';
import { apiKeys, user } from '#server/db/schema.ts';
import { AppError, forbidden, notFound } from '#server/errors.ts';
import { tenant, type Tenant, type Connection } from '#server/tenant.ts';
import { emit } from '#server/platform/events.ts';

/** How long the keys page keeps telling the owner about keys revoked with their creator's membership. */
const REVOKED_NOTICE_DAYS = 30;

/** 32 random bytes (256 bits) in base64url: guessing is hopeless, so one fast hash is enough. */
export function generateKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What a well-formed key looks like; anything else is refused before touching the database. */
export const KEY_PATTERN = /^pd_live_[A-Za-z0-9_-]{43}$/;

/** The feature map's `manage` of 'api': the owner or an agency admin. */
export function assertKeyManager(actor: Actor): void {
  if (checkAccess(accessSubject(actor), FEATURES.api.manage)) throw forbidden(API_TEXT.managersOnly, 'DENIED_AGENCY_ROLE');
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

/** The keys, what the plan lets them do, and the keys revoked lately with their creator's membership. */
export async function listApiKeys(db: Connection, actor: Actor, configuredRate: number): Promise<ApiKeysAnswer> {
  assertKeyManager(actor);
  const t = tenant(db, actor);
  const rows = await t
    .select({ key: apiKeys, first: user.firstName, last: user.lastName, email: user.email })
    .from(apiKeys, isNull(apiKeys.revokedAt))
    .leftJoin(user, eq(user.id, apiKeys.createdBy))
    .orderBy(desc(apiKeys.createdAt));
  const since = new Date(Date.now() - REVOKED_NOTICE_DAYS * 86_400_000);
  const revoked = await t
    .from(apiKeys, isNotNull(apiKeys.revokedReason), gt(apiKeys.revokedAt, since))
    .orderBy(desc(apiKeys.revokedAt));
  const tier = actor.agency.tier;
  const write = planIncludes(tier, 'api-write');
  return {
    keys: rows.map((r) => toView(r.key, r.first, r.last, r.email)),
    plan: { tier, write, webhooks: write, rate_limit: apiRateLimitFor(tier, configuredRate) },
    revoked: revoked.map((r) => ({ id: r.id, name: r.name, prefix: r.prefix, revoked_at: r.revokedAt!.toISOString(), reason: r.revokedReason! })),
  };
}

export async function createApiKey(db: Connection, actor: Actor, input: ApiKeyValues): Promise<CreatedApiKey> {
  assertKeyManager(actor);
  // Business's keys read only (the feature map's 'api-write'): a write scope is refused, not narrowed.
  if (hasWriteScope(input.scopes) && !planIncludes(actor.agency.tier, 'api-write'))
    throw new AppError(403, 'PLAN_REQUIRED', API_TEXT.writeNeedsPlan, { scopes: API_TEXT.writeNeedsPlan });
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
    await emit(t, actor, {
      type: 'api_key.created',
      entityId: row.id,
      summary: `Created API key ${row.name} (${row.prefix}…; ${describeScopes(input.scopes)})`,
    });
    return { ...toView(row, actor.firstName, actor.lastName, actor.email), key };
  });
}

/** A revoked key is kept (marked), so its hash can never be issued or accepted again. */
export async function revokeApiKey(db: Connection, actor: Actor, rawId: string): Promise<void> {
  assertKeyManager(actor);
  const id = idOr404(rawId, API_TEXT.notFound);
  await tenant(db, actor).transaction(async (t) => {
    const [row] = await t
      .update(apiKeys, { revokedAt: new Date() }, and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ name: apiKeys.name, prefix: apiKeys.prefix });
    if (!row) throw notFound(API_TEXT.notFound);
    await emit(t, actor, { type: 'api_key.revoked', entityId: id, summary: `Revoked API key ${row.name} (${row.prefix}…)` });
  });
}

/**
 * Revokes, inside the caller's transaction, every live key the member created, and records each in the
 * activity log; `reason` is what the owner reads on the keys page. Called when a member is removed,
 * and when an admin becomes a team member (only the owner and admins may hold keys).
 */
export async function revokeKeysCreatedBy(t: Tenant, actor: { userId: string | null }, userId: string, reason: string): Promise<number> {
  const rows = await t
    .update(apiKeys, { revokedAt: new Date(), revokedReason: reason }, eq(apiKeys.createdBy, userId), isNull(apiKeys.revokedAt))
    .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix });
  for (const row of rows)
    await emit(t, actor, { type: 'api_key.revoked', entityId: row.id, summary: `Revoked API key ${row.name} (${row.prefix}…): ${reason}` });
  return rows.length;
}
