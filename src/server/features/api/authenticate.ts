// Who calls /api/v1: the agency of a bearer key, never a session cookie, never a platform role.
// The plan is read per request (the agency owner's effective tier through the feature map), so a
// downgrade stops the key on the next request and a re-upgrade brings it back.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { agencyTimeZone } from '#shared/time.ts';
import { createMiddleware } from 'hono/factory';
import { API_TEXT, type ApiResource, type ApiScopes, scopeAllows } from '#shared/api-keys.ts';
import { planIncludes } from '#shared/features.ts';
import { effectiveTier } from '#shared/tiers.ts';
import type { Actor, AppEnv } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { cachedStatement, preparedRows, rowPositions } from '#server/db/prepared.ts';
import { agencies, agencyMembers, apiKeys, subscriptionLimits, user, webhookEndpoints } from '#server/db/schema.ts';
import { AppError, forbidden } from '#server/errors.ts';
import { clientAddress } from '#server/http.ts';
import { planLimits } from '#server/identity.ts';
import { hashKey, KEY_PATTERN } from './keys.ts';

export interface ApiCaller {
  keyId: string;
  scopes: ApiScopes;
}


const invalidKey = () => new AppError(401, 'UNAUTHORIZED', API_TEXT.invalidKey);

/** last_used_at is written at most once a minute per key, not on every request. */
const LAST_USED_EVERY_MS = 60_000;

const owner = alias(user, 'owner');
const creator = alias(user, 'creator');
const planLimitsRow = alias(subscriptionLimits, 'plan_limits');
const starterLimitsRow = alias(subscriptionLimits, 'starter_limits');

/**
 * The key lookup, built once with drizzle and run as a named prepared statement (decision 036): the
 * key's hash is its only placeholder. Not a tenant query: the key is what names the agency. Rows
 * come back as text and are read by name through KEY_AT.
 */
const keyColumns = {
  keyId: apiKeys.id,
  scopes: apiKeys.scopes,
  lastUsedAt: apiKeys.lastUsedAt,
  agencyId: agencies.id,
  agencyName: agencies.name,
  ownerId: owner.id,
  ownerEmail: owner.email,
  ownerFirstName: owner.firstName,
  ownerLastName: owner.lastName,
  ownerTier: owner.subscriptionTier,
  ownerStatus: owner.subscriptionStatus,
  ownerTrialEndsAt: owner.trialEndsAt,
  creatorId: creator.id,
  creatorEmail: creator.email,
  creatorFirstName: creator.firstName,
  creatorLastName: creator.lastName,
  creatorMember: agencyMembers.userId,
  agencyTimeZone: agencies.timezone,
  // the limits of the owner's stored tier and of starter (planLimits picks the effective one)
  planTier: planLimitsRow.tierName,
  planMaxPolicies: planLimitsRow.maxPolicies,
  planMaxClients: planLimitsRow.maxClients,
  starterTier: starterLimitsRow.tierName,
  starterMaxPolicies: starterLimitsRow.maxPolicies,
  starterMaxClients: starterLimitsRow.maxClients,
  hasWebhooks: sql<boolean>`exists(select 1 from ${webhookEndpoints} where ${webhookEndpoints.agencyId} = ${agencies.id} and ${webhookEndpoints.enabled})`,
};
const KEY_AT = rowPositions(keyColumns);

/** The key lookup, prepared once per database (not a tenant query: the key names the agency). */
const keyStatement = (db: Db) =>
  cachedStatement(db, 'api_key_actor_v3', (name) =>
    preparedRows(
      db,
      name,
      db
        .select(keyColumns)
        .from(apiKeys)
        .innerJoin(agencies, eq(agencies.id, apiKeys.agencyId))
        .innerJoin(owner, eq(owner.id, agencies.ownerId))
        .leftJoin(creator, eq(creator.id, apiKeys.createdBy))
        .leftJoin(agencyMembers, and(eq(agencyMembers.agencyId, apiKeys.agencyId), eq(agencyMembers.userId, apiKeys.createdBy)))
        .leftJoin(planLimitsRow, eq(planLimitsRow.tierName, owner.subscriptionTier))
        .leftJoin(starterLimitsRow, eq(starterLimitsRow.tierName, sql`'starter'`))
        .where(and(eq(apiKeys.secretHash, sql.placeholder('hash')), isNull(apiKeys.revokedAt))),
      (row) => row,
    ),
  );

const intOrNull = (value: string | null) => (value === null ? null : Number(value));

export async function loadKeyActor(db: Db, key: string): Promise<{ actor: Actor; caller: ApiCaller; lastUsedAt: Date | null } | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const [r] = await keyStatement(db).execute({ hash: hashKey(key) });
  if (!r) return null;
  const at = KEY_AT;
  // effectiveTier reads the trial's end as text or Date alike.
  const tier = effectiveTier({ subscriptionTier: r[at.ownerTier]!, subscriptionStatus: r[at.ownerStatus]!, trialEndsAt: r[at.ownerTrialEndsAt] });
  // Writes are attributed to the key's creator while they are a member; otherwise to the owner.
  const creatorActs = Boolean(r[at.creatorId] && r[at.creatorMember]);
  const who = creatorActs
    ? { id: r[at.creatorId], email: r[at.creatorEmail], firstName: r[at.creatorFirstName], lastName: r[at.creatorLastName] }
    : { id: r[at.ownerId], email: r[at.ownerEmail], firstName: r[at.ownerFirstName], lastName: r[at.ownerLastName] };
  const actor: Actor = {
    userId: who.id!,
    sessionId: `api-key:${r[at.keyId]}`,
    email: who.email!,
    firstName: who.firstName!,
    lastName: who.lastName!,
    // A key never carries a platform role or personal permissions: it acts for the agency only.
    role: 'user',
    tier,
    permissions: [],
    agency: {
      id: r[at.agencyId]!,
      name: r[at.agencyName]!,
      ownerId: r[at.ownerId]!,
      role: 'team_member',
      tier,
      timeZone: agencyTimeZone(r[at.agencyTimeZone]),
      limits: planLimits(
        {
          owner_tier: r[at.ownerTier],
          plan_tier: r[at.planTier],
          plan_max_policies: intOrNull(r[at.planMaxPolicies]),
          plan_max_clients: intOrNull(r[at.planMaxClients]),
          starter_tier: r[at.starterTier],
          starter_max_policies: intOrNull(r[at.starterMaxPolicies]),
          starter_max_clients: intOrNull(r[at.starterMaxClients]),
        },
        tier,
      ),
      webhooks: r[at.hasWebhooks] === 't',
    },
    removedFromAgency: null,
    twoFactorEnabled: false,
    adminTwoFactorRequired: false,
  };
  // jsonb arrives as its text; a timestamp as PostgreSQL's text (drizzle's decoder: new Date(text)).
  const lastUsedAt = r[at.lastUsedAt];
  return { actor, caller: { keyId: r[at.keyId]!, scopes: JSON.parse(r[at.scopes]!) as ApiScopes }, lastUsedAt: lastUsedAt ? new Date(lastUsedAt) : null };
}

export async function touchLastUsed(db: Db, agencyId: string, keyId: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.agencyId, agencyId), eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
}

/**
 * Reads `Authorization: Bearer <key>`; 401 without a valid key (a revoked one included), 403 below the
 * feature map's 'api' (Business). Cookies are ignored.
 */
export const requireApiKey = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization');
  if (!header) throw new AppError(401, 'UNAUTHORIZED', API_TEXT.missingKey);
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw invalidKey();
  const db = c.var.deps.db;
  const found = await loadKeyActor(db, match[1]);
  if (!found) throw invalidKey();
  if (!planIncludes(found.actor.agency.tier, 'api')) throw forbidden(API_TEXT.planRequired, 'PLAN_REQUIRED');
  found.actor.ip = clientAddress(c);
  c.set('actor', found.actor);
  c.set('apiKey', found.caller);
  if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) await touchLastUsed(db, found.actor.agency.id, found.caller.keyId);
  await next();
});

/**
 * 403 unless the key's scopes allow this access to the resource, and, for a write, the plan includes
 * 'api-write' (a write key of an agency since moved down to Business reads only).
 */
export function requireScope(resource: ApiResource, access: 'read' | 'write') {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (access === 'write' && !planIncludes(c.var.actor.agency.tier, 'api-write')) throw forbidden(API_TEXT.writeNeedsPlan, 'PLAN_REQUIRED');
    if (!scopeAllows(c.var.apiKey.scopes, resource, access)) throw forbidden(API_TEXT.scopeDenied(resource, access), 'SCOPE_DENIED');
    await next();
  });
}
