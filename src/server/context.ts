// Who is calling: resolved once per request from the session cookie, never from the request body.
import { and, asc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { agencyScopedPermissions, checkAccess, denialMessage, type AccessSubject, type Requirement } from '#shared/access.ts';
import { featureNeed, type Feature } from '#shared/features.ts';
import { agencyTimeZone } from '#shared/time.ts';
import { REMOVED_FROM_AGENCY_HEADER } from '#shared/team.ts';
import { effectiveTier } from '#shared/tiers.ts';
import { SESSION_DAYS, SESSION_UPDATE_AGE_SECONDS } from './auth.ts';
import type { Db } from './db/client.ts';
import { agencies, agencyMembers, session as sessionTable, user } from './db/schema.ts';
import { IDENTITY_STATEMENT, type IdentityRow, type IdentityStatement, planLimits, readIdentity, sessionToken } from './identity.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import { clientAddress } from './http.ts';

export type { Actor, AgencyRole, AppEnv, Deps, PlanLimits } from './app-env.ts';
import type { Actor, AgencyRole, AppEnv, Deps } from './app-env.ts';

type UserRow = typeof user.$inferSelect;

/** Creates the user's one-person agency if it does not exist yet (idempotent, safe in parallel). */
export async function ensurePersonalAgency(db: Db, owner: Pick<UserRow, 'id' | 'company' | 'firstName' | 'lastName'>) {
  // Every signed-in request comes here: read first, write (in a transaction) only the first time.
  const [existing] = await db
    .select({ agency: agencies })
    .from(agencies)
    .innerJoin(agencyMembers, and(eq(agencyMembers.agencyId, agencies.id), eq(agencyMembers.userId, owner.id)))
    .where(eq(agencies.ownerId, owner.id));
  if (existing) return existing.agency;
  const name = owner.company?.trim() || `${owner.firstName} ${owner.lastName}`.trim() || 'My agency';
  return db.transaction(async (tx) => {
    await tx.insert(agencies).values({ name, ownerId: owner.id }).onConflictDoNothing({ target: agencies.ownerId });
    const [agency] = await tx.select().from(agencies).where(eq(agencies.ownerId, owner.id));
    await tx
      .insert(agencyMembers)
      .values({ agencyId: agency.id, userId: owner.id, role: 'owner' })
      .onConflictDoNothing();
    return agency;
  });
}

/**
 * The rare paths of the agency resolution: the session's active agency is gone (the user is told and
 * the session falls back to the user's own agency) or the user has no agency yet (created now).
 */
async function resolveAgencySlow(db: Db, me: AgencyOwnerFields, sessionId: string, activeAgencyId: string | null) {
  let lost: string | null = null;
  if (activeAgencyId) {
    // The membership went some other way than removeMember (e.g. the agency was deleted): the
    // session falls back to the user's own agency and remembers what it lost, so the user is told.
    const [gone] = await db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, activeAgencyId));
    lost = gone?.name ?? 'the agency you were working in';
    await db.update(sessionTable).set({ activeAgencyId: null, removedFromAgency: lost }).where(eq(sessionTable.id, sessionId));
  }
  const agency = await ensurePersonalAgency(db, me);
  return { agency: { id: agency.id, name: agency.name, ownerId: agency.ownerId, role: 'owner' as const, tier: effectiveTier(me), timeZone: agencyTimeZone(agency.timezone) }, lost };
}

/** Points the session at the user's earliest membership, if they have one; true when it did. */
async function adoptMembership(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const [first] = await db
    .select({ agencyId: agencyMembers.agencyId })
    .from(agencyMembers)
    .where(eq(agencyMembers.userId, userId))
    .orderBy(asc(agencyMembers.createdAt))
    .limit(1);
  if (!first) return false;
  await setActiveAgency(db, sessionId, first.agencyId);
  return true;
}

type AgencyOwnerFields = Pick<UserRow, 'id' | 'company' | 'firstName' | 'lastName' | 'subscriptionTier' | 'subscriptionStatus' | 'trialEndsAt'>;

const SESSION_EXPIRES_IN_MS = SESSION_DAYS * 86_400_000;
const SESSION_UPDATE_AGE_MS = SESSION_UPDATE_AGE_SECONDS * 1000;

/**
 * The caller of a request, or null without a valid session: the cookie's signature is checked in
 * memory, then one statement reads everything (src/server/identity.ts). No cache.
 */
export async function loadActor(deps: Deps, headers: Headers): Promise<Actor | null> {
  return (await loadActorWith(deps, headers, IDENTITY_STATEMENT))?.actor ?? null;
}

/**
 * loadActor with a route's own identity statement (IDENTITY_SQL's columns and the route's, read in
 * the same round trip): the caller and the row it was read from. The row's agency columns name the
 * agency the statement found; on the rare paths (the active agency gone, no agency yet) the actor's
 * agency is another one, so a route compares `row.agency_id` with `actor.agency.id` before using
 * its own columns.
 */
export async function loadActorWith<R extends IdentityRow>(deps: Deps, headers: Headers, statement: IdentityStatement<R>): Promise<{ actor: Actor; row: R } | null> {
  const token = await sessionToken(deps.auth, headers);
  if (!token) return null;
  let row = await readIdentity(deps.database, token, statement);
  if (!row) return null;
  const now = Date.now();
  // The platform's session lifetime counts from sign-in, whatever better-auth's sliding expiry says;
  // an expired session is removed, as better-auth's getSession does.
  if (row.expires_ms <= now || row.session_created_ms + row.lifetime_days * 86_400_000 <= now) {
    await deps.db.delete(sessionTable).where(eq(sessionTable.id, row.session_id));
    return null;
  }
  // Once a day the sliding expiry moves forward: better-auth's own getSession does it (and honours
  // "don't remember me"), so its rules stay its own.
  if (row.expires_ms - SESSION_EXPIRES_IN_MS + SESSION_UPDATE_AGE_MS <= now) await deps.auth.api.getSession({ headers });
  const me: AgencyOwnerFields = {
    id: row.user_id,
    company: row.company,
    firstName: row.first_name,
    lastName: row.last_name,
    subscriptionTier: row.subscription_tier,
    subscriptionStatus: row.subscription_status,
    trialEndsAt: row.trial_ends_ms === null ? null : new Date(row.trial_ends_ms),
  };
  // A member who signed up through an invitation owns no agency: the session works in the agency
  // they joined instead of making one of their own (once; then it is the session's active agency).
  if (row.pick === null && !row.active_agency_id && (await adoptMembership(deps.db, row.user_id, row.session_id)))
    row = (await readIdentity(deps.database, token, statement)) ?? row;
  let agency: Actor['agency'];
  let lost: string | null = null;
  if (row.pick === 1 || (row.pick === 2 && !row.active_agency_id)) {
    agency = {
      id: row.agency_id!,
      name: row.agency_name!,
      ownerId: row.owner_id!,
      role: row.agency_role as AgencyRole,
      timeZone: agencyTimeZone(row.agency_time_zone),
      tier: effectiveTier({
        subscriptionTier: row.owner_tier ?? 'starter',
        subscriptionStatus: row.owner_status ?? 'active',
        trialEndsAt: row.owner_trial_ends_ms === null ? null : new Date(row.owner_trial_ends_ms),
      }),
      webhooks: Boolean(row.has_webhooks),
    };
    agency.limits = planLimits(row, agency.tier);
  } else {
    const resolved = await resolveAgencySlow(deps.db, me, row.session_id, row.active_agency_id);
    agency = resolved.agency;
    lost = resolved.lost;
  }
  const actor: Actor = {
    userId: row.user_id,
    sessionId: row.session_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    tier: effectiveTier(me),
    permissions: agencyScopedPermissions(row.perms, agency.role, agency.role === 'admin' ? row.owner_perms : []),
    agency,
    removedFromAgency: lost ?? row.removed_from_agency ?? null,
    twoFactorEnabled: row.two_factor_enabled,
    adminTwoFactorRequired: row.admin_two_factor,
  };
  return { actor, row };
}

/**
 * The caller for a job that outlives its request (an import runs on after its answer): the plan's
 * limits and the webhook endpoints are read afresh there, not taken from the request's identity.
 */
export function jobActor(actor: Actor): Actor {
  const { limits: _limits, webhooks: _webhooks, ...agency } = actor.agency;
  return { ...actor, agency };
}

/** Switches the agency a session works in (avatar menu). */
export async function setActiveAgency(db: Db, sessionId: string, agencyId: string | null) {
  await db.update(sessionTable).set({ activeAgencyId: agencyId }).where(eq(sessionTable.id, sessionId));
}

/** The session has told its user about the agency it lost. */
export async function clearRemovedNotice(db: Db, sessionId: string) {
  await db.update(sessionTable).set({ removedFromAgency: null }).where(eq(sessionTable.id, sessionId));
}

/** The subject of the access rules: the platform role, the agency's plan, the user's permissions. */
export function accessSubject(actor: Actor): AccessSubject {
  return { role: actor.role, tier: actor.agency.tier, permissions: actor.permissions, agencyRole: actor.agency.role };
}

/**
 * The caller, loaded once per request (feature routers mounted side by side may each ask);
 * 401 with `message` without a session.
 */
export async function ensureActor(c: Context<AppEnv>, message?: string): Promise<Actor> {
  return (await ensureActorWith(c, IDENTITY_STATEMENT, message)).actor;
}

/**
 * ensureActor with a route's own identity statement (loadActorWith); `row` is null when the caller
 * was already loaded by an earlier middleware (the route then reads its columns its usual way).
 */
export async function ensureActorWith<R extends IdentityRow>(c: Context<AppEnv>, statement: IdentityStatement<R>, message?: string): Promise<{ actor: Actor; row: R | null }> {
  const known = c.get('actor');
  if (known) return { actor: known, row: null };
  const loaded = await loadActorWith(c.var.deps, c.req.raw.headers, statement);
  if (!loaded) throw unauthorized(message);
  const { actor } = loaded;
  actor.ip = clientAddress(c);
  c.set('actor', actor);
  // Whatever the member asks next, the answer says they lost the agency (the web app shows it).
  if (actor.removedFromAgency) c.header(REMOVED_FROM_AGENCY_HEADER, encodeURIComponent(actor.removedFromAgency));
  return loaded;
}

/** 401 without a session; otherwise sets c.var.actor. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  await ensureActor(c);
  await next();
});

/** The route's requirement (role, tier, permission) checked on the server, whatever the web app shows. */
export function requireAccess(need: Requirement) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const actor = await ensureActor(c);
    const denial = checkAccess(accessSubject(actor), need);
    if (denial) throw forbidden(denialMessage(denial, actor.agency.tier), `DENIED_${denial.kind.toUpperCase()}`);
    await next();
  });
}

/** 403 with the spec's denial message unless the caller may use the feature (src/shared/features.ts). */
export function requireFeature(feature: Feature) {
  return requireAccess(featureNeed(feature));
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
