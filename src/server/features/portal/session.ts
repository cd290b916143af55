// The client portal's own door (issue 32): e-mailed one-time codes and client sessions. A client
// session is not a better-auth session: its cookie is scoped to /api/portal, its table is its own,
// and it names one portal access (one customer of one agency), which it ends with.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { planIncludes } from '#shared/features.ts';
import {
  PORTAL_CODE_MINUTES,
  PORTAL_CODE_TRIES,
  PORTAL_REMEMBER_DAYS,
  PORTAL_SESSION_HOURS,
  PORTAL_TEXT,
  type PortalAgencyChoice,
} from '#shared/portal.ts';
import { agencyTimeZone } from '#shared/time.ts';
import { effectiveTier, type Tier } from '#shared/tiers.ts';
import type { AppEnv, Deps } from '#server/context.ts';
import { agencies, customers, portalAccess, portalCodes, portalSessions, user } from '#server/db/schema.ts';
import { AppError, badRequest, forbidden, unauthorized } from '#server/errors.ts';
import { clientAddress } from '#server/http.ts';
import { now } from '#server/platform/clock.ts';
import { crossAgency, type Connection } from '#server/tenant.ts';

/** What a portal route knows of its caller once the client picked an agency. */
export interface Client {
  sessionId: string;
  email: string;
  accessId: string;
  customerId: string;
  customerName: string;
  agency: { id: string; name: string; timeZone: string; ownerId: string; tier: Tier };
  /** the access's inviter: told of the client's messages (the owner when gone) */
  invitedBy: string | null;
}

export interface PortalSessionRow {
  sessionId: string;
  email: string;
  client: Client | null;
}

export const PORTAL_COOKIE = 'policydesk.portal';
const COOKIE_PATH = '/api/portal';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A code's HMAC under the server secret: 10⁶ codes are too few for a plain hash of a leaked row. */
function codeHash(secret: string | undefined, email: string, code: string): string {
  return createHmac('sha256', secret ?? 'policydesk-portal').update(`${email}\n${code}`).digest('hex');
}

const global = (db: Connection, why: string) => crossAgency(db, why);

/**
 * The agencies where the address is an invited client, whose plan includes the portal. The address
 * must still be the customer's: a changed address needs a new invitation.
 */
export async function accessesOf(db: Connection, email: string) {
  const rows = await global(db, 'a client signs in before any agency is known; one e-mail can be a client of several')
    .select({
      accessId: portalAccess.id,
      agencyId: agencies.id,
      agencyName: agencies.name,
      customerId: customers.id,
      tier: user.subscriptionTier,
      status: user.subscriptionStatus,
      trialEndsAt: user.trialEndsAt,
    })
    .from(portalAccess)
    .innerJoin(customers, and(eq(customers.agencyId, portalAccess.agencyId), eq(customers.id, portalAccess.customerId), eq(customers.email, portalAccess.email)))
    .innerJoin(agencies, eq(agencies.id, portalAccess.agencyId))
    .innerJoin(user, eq(user.id, agencies.ownerId))
    .where(eq(portalAccess.email, email))
    .orderBy(agencies.name);
  return rows.filter((r) => planIncludes(effectiveTier({ subscriptionTier: r.tier, subscriptionStatus: r.status, trialEndsAt: r.trialEndsAt }), 'client-portal'));
}

/** A new code for the address, replacing any earlier one; the caller mails it. */
export async function issueCode(deps: Deps, email: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = { codeHash: codeHash(deps.config.authSecret, email, code), expiresAt: new Date(now().getTime() + PORTAL_CODE_MINUTES * 60_000), attempts: 0, createdAt: now() };
  await global(deps.db, 'a code belongs to an address, before any agency')
    .insert(portalCodes)
    .values({ email, ...row })
    .onConflictDoUpdate({ target: portalCodes.email, set: row });
  return code;
}

/**
 * Checks a code: each try is counted before the comparison (one statement, so parallel tries can't
 * pass the limit); the right code is deleted as it is used, so it works once.
 */
export async function checkCode(deps: Deps, email: string, code: string): Promise<void> {
  const db = global(deps.db, 'a code belongs to an address, before any agency');
  const wrong = () => badRequest(PORTAL_TEXT.codeWrong, { code: PORTAL_TEXT.codeWrong }, 'INVALID_CODE');
  const [row] = await db
    .update(portalCodes)
    .set({ attempts: sql`${portalCodes.attempts} + 1` })
    .where(and(eq(portalCodes.email, email), lt(portalCodes.attempts, PORTAL_CODE_TRIES)))
    .returning();
  if (!row) {
    const [spent] = await db.delete(portalCodes).where(eq(portalCodes.email, email)).returning({ email: portalCodes.email });
    if (spent) throw badRequest(PORTAL_TEXT.codeUsedUp, { code: PORTAL_TEXT.codeUsedUp }, 'CODE_USED_UP');
    throw wrong();
  }
  if (row.expiresAt.getTime() <= now().getTime()) {
    await db.delete(portalCodes).where(eq(portalCodes.email, email));
    throw wrong();
  }
  const given = Buffer.from(codeHash(deps.config.authSecret, email, code));
  if (given.length === row.codeHash.length && timingSafeEqual(given, Buffer.from(row.codeHash))) {
    const [used] = await db
      .delete(portalCodes)
      .where(and(eq(portalCodes.email, email), eq(portalCodes.codeHash, row.codeHash)))
      .returning({ email: portalCodes.email });
    if (used) return;
    throw wrong();
  }
  if (row.attempts >= PORTAL_CODE_TRIES) {
    await db.delete(portalCodes).where(eq(portalCodes.email, email));
    throw badRequest(PORTAL_TEXT.codeUsedUp, { code: PORTAL_TEXT.codeUsedUp }, 'CODE_USED_UP');
  }
  throw wrong();
}

function secureCookies(c: Context<AppEnv>) {
  return new URL(c.var.deps.config.appUrl).protocol === 'https:';
}
const cookieName = (c: Context<AppEnv>) => (secureCookies(c) ? `__Secure-${PORTAL_COOKIE}` : PORTAL_COOKIE);

/** Starts a client session: its access when the address is a client of one agency, else a choice to make. */
export async function startSession(c: Context<AppEnv>, email: string, accessId: string | null, remember: boolean): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const lifetimeMs = remember ? PORTAL_REMEMBER_DAYS * 86_400_000 : PORTAL_SESSION_HOURS * 3_600_000;
  await global(c.var.deps.db, 'a client session is found by its token, before its agency')
    .insert(portalSessions)
    .values({
      tokenHash: sha256(token),
      email,
      accessId,
      expiresAt: new Date(now().getTime() + lifetimeMs),
      ipAddress: clientAddress(c),
      userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
    });
  // without "remember this device" the cookie ends with the browser (and the row after 12 hours)
  setCookie(c, cookieName(c), token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Lax',
    secure: secureCookies(c),
    ...(remember ? { maxAge: lifetimeMs / 1000 } : {}),
  });
}

export async function endSession(c: Context<AppEnv>): Promise<void> {
  const token = getCookie(c, cookieName(c));
  if (token) await global(c.var.deps.db, 'a client session is found by its token').delete(portalSessions).where(eq(portalSessions.tokenHash, sha256(token)));
  deleteCookie(c, cookieName(c), { path: COOKIE_PATH, secure: secureCookies(c) });
}

/**
 * The client session of the request, read in one statement with its access, customer and agency.
 * Gone, expired, or its address no longer the customer's: null (and the row is removed).
 */
async function readSession(c: Context<AppEnv>): Promise<PortalSessionRow | null> {
  const token = getCookie(c, cookieName(c));
  if (!token || token.length > 100) return null;
  const db = global(c.var.deps.db, 'a client session is found by its token, then tells the agency');
  const [row] = await db
    .select({
      id: portalSessions.id,
      email: portalSessions.email,
      expiresAt: portalSessions.expiresAt,
      accessId: portalAccess.id,
      invitedBy: portalAccess.invitedBy,
      customerId: customers.id,
      customerName: customers.name,
      customerEmail: customers.email,
      agencyId: agencies.id,
      agencyName: agencies.name,
      timeZone: agencies.timezone,
      ownerId: agencies.ownerId,
      tier: user.subscriptionTier,
      status: user.subscriptionStatus,
      trialEndsAt: user.trialEndsAt,
    })
    .from(portalSessions)
    .leftJoin(portalAccess, eq(portalAccess.id, portalSessions.accessId))
    .leftJoin(customers, and(eq(customers.agencyId, portalAccess.agencyId), eq(customers.id, portalAccess.customerId)))
    .leftJoin(agencies, eq(agencies.id, portalAccess.agencyId))
    .leftJoin(user, eq(user.id, agencies.ownerId))
    .where(eq(portalSessions.tokenHash, sha256(token)));
  if (!row) return null;
  const stale = row.expiresAt.getTime() <= now().getTime() || (row.accessId !== null && row.customerEmail !== row.email);
  if (stale) {
    await db.delete(portalSessions).where(eq(portalSessions.id, row.id));
    return null;
  }
  if (row.accessId === null) return { sessionId: row.id, email: row.email, client: null };
  const tier = effectiveTier({ subscriptionTier: row.tier!, subscriptionStatus: row.status!, trialEndsAt: row.trialEndsAt });
  if (!planIncludes(tier, 'client-portal')) throw forbidden(PORTAL_TEXT.unavailable, 'PORTAL_UNAVAILABLE');
  return {
    sessionId: row.id,
    email: row.email,
    client: {
      sessionId: row.id,
      email: row.email,
      accessId: row.accessId,
      customerId: row.customerId!,
      customerName: row.customerName!,
      agency: { id: row.agencyId!, name: row.agencyName!, timeZone: agencyTimeZone(row.timeZone), ownerId: row.ownerId!, tier },
      invitedBy: row.invitedBy,
    },
  };
}

type PortalEnv = AppEnv & { Variables: { portal: PortalSessionRow } };

/** 401 without a client session; the session may not have picked its agency yet. */
export const requirePortalSession = createMiddleware<PortalEnv>(async (c, next) => {
  const session = await readSession(c as unknown as Context<AppEnv>);
  if (!session) throw unauthorized(PORTAL_TEXT.notSignedIn);
  c.set('portal', session);
  await next();
});

/** The client with its agency chosen (403 CHOOSE_AGENCY before that). */
export function clientOf(c: Context<PortalEnv>): Client {
  const client = c.var.portal.client;
  if (!client) throw new AppError(403, 'CHOOSE_AGENCY', PORTAL_TEXT.chooseAgency);
  return client;
}

/** Points the session at the agency the client picked, if the address is a client there. */
export async function chooseAgency(db: Connection, session: PortalSessionRow, agencyId: string): Promise<void> {
  const access = (await accessesOf(db, session.email)).find((a) => a.agencyId === agencyId);
  if (!access) throw new AppError(404, 'NOT_FOUND', PORTAL_TEXT.agencyNotFound);
  await global(db, 'a client session belongs to no agency until it picks one')
    .update(portalSessions)
    .set({ accessId: access.accessId })
    .where(eq(portalSessions.id, session.sessionId));
}

export function choicesOf(rows: Awaited<ReturnType<typeof accessesOf>>): PortalAgencyChoice[] {
  return rows.map((r) => ({ id: r.agencyId, name: r.agencyName }));
}

export type { PortalEnv };
