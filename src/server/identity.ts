// Who is calling, in one statement (issue 17, docs/decisions/030-request-pipeline-speed.md).
// The session cookie's signature is checked in memory, exactly as better-auth checks it; only a
// validly signed token reaches the database, and then one statement returns the session, the user,
// the platform settings, the agency the session works in with the caller's role, the agency owner's
// plan and both permission lists. Nothing is cached: a revoked session, a removed member or a changed
// role is seen by the next request on every instance.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Auth } from './auth.ts';
import type { PlanLimits } from './app-env.ts';
import type { Database } from './db/client.ts';

/** What better-auth's context tells us about its cookie (name with prefix, secret). */
interface CookieKey {
  name: string;
  secret: string;
}

const cookieKeys = new WeakMap<Auth, Promise<CookieKey>>();

function cookieKey(auth: Auth): Promise<CookieKey> {
  let key = cookieKeys.get(auth);
  if (!key) {
    key = auth.$context.then((ctx) => ({ name: ctx.authCookies.sessionToken.name, secret: ctx.secret }));
    cookieKeys.set(auth, key);
  }
  return key;
}

/** The first value of cookie `name` in a Cookie header, URL-decoded (as better-call's parseCookies). */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf('=', index);
    if (eq === -1) return null;
    let end = header.indexOf(';', index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(';', eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.charCodeAt(0) === 34) value = value.slice(1, -1);
      try {
        return value.includes('%') ? decodeURIComponent(value) : value;
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return null;
}

/**
 * `token.signature`, the signature being base64 HMAC-SHA256 of the token with the auth secret
 * (better-call's signCookieValue). Returns the token when the signature matches, else null.
 */
export function verifySignedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  // better-call accepts only a 44-character base64 SHA-256 signature
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** The session token of a request whose cookie is validly signed; null otherwise (no query is run). */
export async function sessionToken(auth: Auth, headers: Headers): Promise<string | null> {
  const cookie = headers.get('cookie');
  if (!cookie) return null;
  const key = await cookieKey(auth);
  const value = readCookie(cookie, key.name);
  return value ? verifySignedToken(value, key.secret) : null;
}

export interface IdentityRow {
  session_id: string;
  user_id: string;
  session_created_ms: number;
  expires_ms: number;
  active_agency_id: string | null;
  removed_from_agency: string | null;
  email: string;
  first_name: string;
  last_name: string;
  company: string | null;
  role: string;
  subscription_tier: string;
  subscription_status: string;
  trial_ends_ms: number | null;
  two_factor_enabled: boolean;
  lifetime_days: number;
  admin_two_factor: boolean;
  /** 1: the session's active agency (membership found); 2: the user's own agency; null: none yet */
  pick: number | null;
  agency_id: string | null;
  agency_name: string | null;
  owner_id: string | null;
  agency_role: string | null;
  /** the agency's IANA time zone (Settings › Agency) */
  agency_time_zone: string | null;
  owner_tier: string | null;
  owner_status: string | null;
  owner_trial_ends_ms: number | null;
  perms: string[];
  owner_perms: string[];
  /** subscription_limits of the owner's stored tier (plan_tier null: no row, unlimited) … */
  plan_tier: string | null;
  plan_max_policies: number | null;
  plan_max_clients: number | null;
  /** … and of starter, the tier of a lapsed trial or an expired plan */
  starter_tier: string | null;
  starter_max_policies: number | null;
  starter_max_clients: number | null;
  /** whether the agency has an enabled webhook endpoint */
  has_webhooks: boolean | null;
}

const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

/**
 * The one statement. The agency is the session's active agency while the caller is still its member,
 * else the caller's own agency (the lateral picks the first of the two). The owner's permissions are
 * read only for an agency admin (agencyScopedPermissions). The plan's limits come for the owner's
 * stored tier and for starter (the effective tier is one of the two; effectiveTier decides in
 * planLimits), and whether an enabled webhook endpoint exists: a create then reads neither again.
 * Every lookup is by primary or unique key, the endpoint's by its agency index.
 */
export const IDENTITY_SQL = `select s.id as session_id, s.user_id, ${ms('s.created_at')} as session_created_ms, ${ms('s.expires_at')} as expires_ms,
  s.active_agency_id, s.removed_from_agency,
  u.email, u.first_name, u.last_name, u.company, u.role, u.subscription_tier, u.subscription_status,
  ${ms('u.trial_ends_at')} as trial_ends_ms, u.two_factor_enabled,
  coalesce(ps.session_lifetime_days, 30) as lifetime_days, coalesce(ps.require_admin_two_factor, false) as admin_two_factor,
  ag.pick, ag.id as agency_id, ag.name as agency_name, ag.owner_id, ag.role as agency_role, ag.timezone as agency_time_zone,
  o.subscription_tier as owner_tier, o.subscription_status as owner_status, ${ms('o.trial_ends_at')} as owner_trial_ends_ms,
  array(select p.permission_name from user_permissions p where p.user_id = s.user_id) as perms,
  array(select p.permission_name from user_permissions p where p.user_id = ag.owner_id and ag.role = 'admin') as owner_perms,
  lim.tier_name as plan_tier, lim.max_policies as plan_max_policies, lim.max_clients as plan_max_clients,
  st.tier_name as starter_tier, st.max_policies as starter_max_policies, st.max_clients as starter_max_clients,
  exists(select 1 from webhook_endpoints w where w.agency_id = ag.id and w.enabled) as has_webhooks
from session s
join "user" u on u.id = s.user_id
left join platform_settings ps on ps.id = 1
left join lateral (
  select * from (
    select 1 as pick, a.id, a.name, a.owner_id, m.role, a.timezone
      from agency_members m join agencies a on a.id = m.agency_id
      where m.agency_id = s.active_agency_id and m.user_id = s.user_id
    union all
    select 2 as pick, a.id, a.name, a.owner_id, 'owner' as role, a.timezone
      from agencies a join agency_members m on m.agency_id = a.id and m.user_id = a.owner_id
      where a.owner_id = s.user_id
  ) candidates order by pick limit 1
) ag on true
left join "user" o on o.id = ag.owner_id
left join subscription_limits lim on lim.tier_name = o.subscription_tier
left join subscription_limits st on st.tier_name = 'starter'
where s.token = $1`;

/**
 * The statement that reads who is calling: IDENTITY_SQL, or a route's own statement that returns
 * IDENTITY_SQL's columns and, beside them, what the route reads of the agency it found (`R`), so
 * the route's request makes one round trip (GET /api/dashboard, decision 074). Its `name` is the
 * prepared statement's; change it with the text.
 */
export interface IdentityStatement<R extends IdentityRow = IdentityRow> {
  name: string;
  text: string;
  /** type only: the row it returns */
  readonly row?: R;
}

export const IDENTITY_STATEMENT: IdentityStatement = { name: 'policydesk_identity_v3', text: IDENTITY_SQL };

/**
 * Runs the identity statement: a named prepared statement on PostgreSQL (parsed and planned once per
 * connection); unnamed behind a transaction pooler, where the client drops the name (decision 042).
 */
export async function readIdentity<R extends IdentityRow = IdentityRow>(
  database: Database,
  token: string,
  statement: IdentityStatement<R> = IDENTITY_STATEMENT as IdentityStatement<R>,
): Promise<R | null> {
  if (database.pool) {
    const res = await database.pool.query<R>({ name: statement.name, text: statement.text, values: [token] });
    return res.rows[0] ?? null;
  }
  const res = await database.pglite!.query<R>(statement.text, [token]);
  return res.rows[0] ?? null;
}

/**
 * The limits of the agency's effective tier from the identity row: the owner's stored tier, or
 * starter when the plan lapsed (effectiveTier). A tier without a row is unlimited, as readLimit says.
 */
export function planLimits(
  row: Pick<IdentityRow, 'owner_tier' | 'plan_tier' | 'plan_max_policies' | 'plan_max_clients' | 'starter_tier' | 'starter_max_policies' | 'starter_max_clients'>,
  tier: string,
): PlanLimits | undefined {
  const of = (found: string | null, policies: number | null, customers: number | null): PlanLimits =>
    found === null ? { policies: null, customers: null } : { policies, customers };
  if (tier === row.owner_tier) return of(row.plan_tier, row.plan_max_policies, row.plan_max_clients);
  if (tier === 'starter') return of(row.starter_tier, row.starter_max_policies, row.starter_max_clients);
  return undefined;
}
