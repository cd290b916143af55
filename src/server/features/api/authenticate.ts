// Who calls /api/v1: the agency of a bearer key, never a session cookie, never a platform role.
// The plan is read per request (the agency owner's effective tier through the feature map), so a
// downgrade stops the key on the next request and a re-upgrade brings it back.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { agencyTimeZone } from '#shared/renewals.ts';
import { createMiddleware } from 'hono/factory';
import { API_TEXT, type ApiResource, type ApiScopes, scopeAllows } from '#shared/api-keys.ts';
import { planIncludes } from '#shared/features.ts';
import { effectiveTier } from '#shared/tiers.ts';
import type { Actor, AppEnv } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { cachedStatement, preparedRows } from '#server/db/prepared.ts';
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
 * come back as text and are read by position, in the order of these columns.
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
  // effectiveTier reads the trial's end as text or Date alike.
  const tier = effectiveTier({ subscriptionTier: r[9]!, subscriptionStatus: r[10]!, trialEndsAt: r[11] });
  // Writes are attributed to the key's creator while they are a member; otherwise to the owner.
  const who = r[12] && r[16] ? 12 : 5;
  const actor: Actor = {
    userId: r[who]!,
    sessionId: `api-key:${r[0]}`,
    email: r[who + 1]!,
    firstName: r[who + 2]!,
    lastName: r[who + 3]!,
    // A key never carries a platform role or personal permissions: it acts for the agency only.
    role: 'user',
    tier,
    permissions: [],
    agency: {
      id: r[3]!,
      name: r[4]!,
      ownerId: r[5]!,
      role: 'team_member',
      tier,
      timeZone: agencyTimeZone(r[17]),
      limits: planLimits(
        {
          owner_tier: r[9],
          plan_tier: r[18],
          plan_max_policies: intOrNull(r[19]),
          plan_max_clients: intOrNull(r[20]),
          starter_tier: r[21],
          starter_max_policies: intOrNull(r[22]),
          starter_max_clients: intOrNull(r[23]),
        },
        tier,
      ),
      webhooks: r[24] === 't',
    },
    removedFromAgency: null,
    twoFactorEnabled: false,
    adminTwoFactorRequired: false,
  };
  // jsonb arrives as its text; a timestamp as PostgreSQL's text (drizzle's decoder: new Date(text)).
  return { actor, caller: { keyId: r[0]!, scopes: JSON.parse(r[1]!) as ApiScopes }, lastUsedAt: r[2] ? new Date(r[2]) : null };
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
