// Who calls /api/v1: the agency of a bearer key, never a session cookie, never a platform role.
// The plan is read per request (the agency owner's effective tier through the feature map), so a
// downgrade stops the key on the next request and a re-upgrade brings it back.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { createMiddleware } from 'hono/factory';
import { API_TEXT, type ApiResource, type ApiScopes, scopeAllows } from '#shared/api-keys.ts';
import { planIncludes } from '#shared/features.ts';
import { effectiveTier } from '#shared/tiers.ts';
import type { Actor, AppEnv } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { agencies, agencyMembers, apiKeys, user } from '#server/db/schema.ts';
import { AppError, forbidden } from '#server/errors.ts';
import { clientAddress } from '#server/http.ts';
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

export async function loadKeyActor(db: Db, key: string): Promise<{ actor: Actor; caller: ApiCaller; lastUsedAt: Date | null } | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const [row] = await db
    .select({ key: apiKeys, agency: agencies, owner, creator, creatorMember: agencyMembers.userId })
    .from(apiKeys)
    .innerJoin(agencies, eq(agencies.id, apiKeys.agencyId))
    .innerJoin(owner, eq(owner.id, agencies.ownerId))
    .leftJoin(creator, eq(creator.id, apiKeys.createdBy))
    .leftJoin(agencyMembers, and(eq(agencyMembers.agencyId, apiKeys.agencyId), eq(agencyMembers.userId, apiKeys.createdBy)))
    .where(and(eq(apiKeys.secretHash, hashKey(key)), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  const tier = effectiveTier(row.owner);
  // Writes are attributed to the key's creator while they are a member; otherwise to the owner.
  const who = row.creator && row.creatorMember ? row.creator : row.owner;
  const actor: Actor = {
    userId: who.id,
    sessionId: `api-key:${row.key.id}`,
    email: who.email,
    firstName: who.firstName,
    lastName: who.lastName,
    // A key never carries a platform role or personal permissions: it acts for the agency only.
    role: 'user',
    tier,
    permissions: [],
    agency: { id: row.agency.id, name: row.agency.name, ownerId: row.agency.ownerId, role: 'team_member', tier },
    removedFromAgency: null,
    twoFactorEnabled: false,
    adminTwoFactorRequired: false,
  };
  return { actor, caller: { keyId: row.key.id, scopes: row.key.scopes as ApiScopes }, lastUsedAt: row.key.lastUsedAt };
}

export async function touchLastUsed(db: Db, keyId: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
}

/** Reads `Authorization: Bearer <key>`; 401 without a valid key, 403 below Enterprise. Cookies are ignored. */
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
  if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) await touchLastUsed(db, found.caller.keyId);
  await next();
});

/** 403 unless the key's scopes allow this access to the resource. */
export function requireScope(resource: ApiResource, access: 'read' | 'write') {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!scopeAllows(c.var.apiKey.scopes, resource, access)) throw forbidden(API_TEXT.scopeDenied(resource, access), 'SCOPE_DENIED');
    await next();
  });
}
