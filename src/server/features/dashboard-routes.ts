// GET /api/dashboard (issue 33): the dashboard's usage, recent activity and performance panel in one
// round trip instead of one request per card. Each part is the same service call (and the same
// tenant scope) as its own endpoint; the analytics part is null where the plan does not include it,
// and so is the commission line (issue 31). It sits beside index.ts, not in a feature folder: it
// composes features' reads, as index.ts composes their routes, and no feature depends on another for it.
//
// One statement per request (decision 074): the request's identity statement also returns the
// agency's book version, its ten newest activity lines and their count. What is computed from the
// book — the usage counts, the analytics and the commission line — is kept per process under the
// agency's book version, which triggers bump in every write of what it reads (decision 070), so it
// is recomputed after any write, whichever process made it; it is kept serialised, so an unchanged
// book costs the one statement and a string. The identity is never cached (decision 030): a revoked
// session, a removed member or a changed role is seen by the very next request.
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { type ActivityEntry, activityQuerySchema } from '#shared/activity.ts';
import type { Analytics } from '#shared/analytics.ts';
import { DASHBOARD_ACTIVITY_QUERY, type CommissionComparison, type DashboardData } from '#shared/dashboard.ts';
import { canUseFeature } from '#shared/features.ts';
import type { Page } from '#shared/policies.ts';
import { type Actor, type AppEnv, accessSubject, ensureActorWith } from '#server/context.ts';
import { IDENTITY_SQL, type IdentityRow, type IdentityStatement } from '#server/identity.ts';
import { bookCache, foldIfPiledUp, readBookVersion } from '#server/platform/book-version.ts';
import { now as clockNow } from '#server/platform/clock.ts';
import { agencyTodayOf } from '#server/platform/policy-status.ts';
import { tenant, type Connection, type Tenant } from '#server/tenant.ts';
import { activityEntry, listActivity } from './activity/service.ts';
import { getAnalytics } from './analytics/service.ts';
import { commissionComparison } from '#server/entities/commissions/month-totals.ts';
import { countRows, planLimitsOf, usageOf } from '#server/platform/limits.ts';

const recentQuery = activityQuerySchema.parse(DASHBOARD_ACTIVITY_QUERY);

/** What the identity statement returns for the dashboard besides the caller (for the agency it found). */
export interface DashboardRow extends IdentityRow {
  /** the agency's book version (sum of its book_changes weights, decision 070), as text */
  book_version: string;
  /** its book_changes rows (folded when they pile up) */
  book_rows: number;
  /** the ten newest activity lines, newest first: a JSON array of [id, kind, action, entity_id, summary, actor_id, first_name, last_name, email, created_ms] */
  activity_rows: string;
  activity_total: number;
}

type ActivityTuple = [string, string, string, string | null, string, string | null, string | null, string | null, string | null, number];

/**
 * The identity statement (IDENTITY_SQL, unchanged, as a subquery) with the dashboard's per-request
 * reads of the agency it found: the book version, and the first page of the activity log in the
 * order and with the names listActivity gives (created_at desc, id desc; the actor's user row). The
 * times are cut to milliseconds, as a JavaScript Date holds them. On Citus this is the identity
 * statement's split (decision 044): identity first, then this part by the agency's id.
 */
export const DASHBOARD_STATEMENT: IdentityStatement<DashboardRow> = {
  name: 'policydesk_dashboard_v1',
  text: `select i.*, bv.book_version, bv.book_rows, act.activity_rows, ac.activity_total
from (${IDENTITY_SQL}) i
left join lateral (
  select coalesce(sum(b.weight), 0)::text as book_version, count(*)::int as book_rows from book_changes b where b.agency_id = i.agency_id
) bv on true
left join lateral (
  select coalesce(json_agg(json_build_array(l.id, l.kind, l.action, l.entity_id, l.summary, l.actor_id, au.first_name, au.last_name, au.email,
      (extract(epoch from date_trunc('milliseconds', l.created_at)) * 1000)::float8) order by l.created_at desc, l.id desc), '[]')::text as activity_rows
    from (select * from activity_log l where l.agency_id = i.agency_id order by l.created_at desc, l.id desc limit ${recentQuery.pageSize}) l
    left join "user" au on au.id = l.actor_id
) act on true
left join lateral (select count(*)::int as activity_total from activity_log l where l.agency_id = i.agency_id) ac on true`,
};

function recentFromRow(row: DashboardRow): Page<ActivityEntry> {
  const tuples = JSON.parse(row.activity_rows) as ActivityTuple[];
  return {
    rows: tuples.map(([id, kind, action, entityId, summary, actorId, firstName, lastName, email, createdMs]) =>
      activityEntry({ id, kind, action, entityId, summary, actorId, createdAt: new Date(createdMs) }, { firstName, lastName, email }),
    ),
    total: row.activity_total,
    page: recentQuery.page,
    pageSize: recentQuery.pageSize,
  };
}

/** What is computed from the agency's book, kept under its version: the usage counts and the serialised panel. */
interface Book {
  policies: number;
  customers: number;
  /** `"analytics":…,"commission":…` (the answer's last two members) */
  panel: string;
  /** the last answer built on this book, with what else it was built from (the usage and the activity as read) */
  last?: { from: string; body: string; etag: string };
}

/** Exported for the tests (how many times the book's part was computed). */
export const panelCache = bookCache<Book>();

async function readBook(db: Connection, t: Tenant, actor: Actor, version: number, now = clockNow()): Promise<Book> {
  const subject = accessSubject(actor);
  const analytics = canUseFeature(subject, 'analytics');
  const commission = canUseFeature(subject, 'commissions');
  const today = agencyTodayOf(actor, now);
  // what the panel depends on besides the book: the agency's today, the UTC month of the charts' window, the plan
  const key = [today, now.toISOString().slice(0, 7), analytics, commission].join('|');
  return panelCache.getAt(t, version, key, async () => {
    const [policies, customers, a, c] = await Promise.all([
      countRows(t, 'policies'),
      countRows(t, 'customers'),
      analytics ? getAnalytics(db, actor, now) : null,
      commission ? commissionComparison(t, today) : null,
    ]);
    const panel: Pick<DashboardData, 'analytics' | 'commission'> = { analytics: a satisfies Analytics | null, commission: c satisfies CommissionComparison | null };
    return { policies, customers, panel: JSON.stringify(panel).slice(1, -1) };
  });
}

const etagOf = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** The answer with a validator: a browser that already holds it gets 304 (its cache's copy) instead of the body. */
function answer(c: Context<AppEnv>, body: string, etag: string) {
  // stored by the browser only, and checked with the server every time it is used
  c.header('cache-control', 'private, no-cache');
  c.header('etag', etag);
  if (c.req.header('if-none-match') === etag) return c.body(null, 304);
  return c.body(body, 200, { 'content-type': 'application/json' });
}

export function dashboardRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/dashboard', async (c) => {
    const { db } = c.var.deps;
    const { actor, row } = await ensureActorWith(c, DASHBOARD_STATEMENT);
    const t = tenant(db, actor);
    // the statement's own columns are of the agency it found; on the rare paths (the session's agency
    // gone, an agency just created) or when an earlier middleware loaded the caller, they are read apart
    const own = row && row.agency_id === actor.agency.id ? row : null;
    if (!own) {
      const [version, recent, limits] = await Promise.all([readBookVersion(t), listActivity(db, actor, recentQuery), planLimitsOf(db, actor)]);
      const book = await readBook(db, t, actor, version);
      const body = answerBody(JSON.stringify(usageOf(actor, book, limits)), recent, book);
      return answer(c, body, etagOf(body));
    }
    await foldIfPiledUp(t, own.book_rows);
    const book = await readBook(db, t, actor, Number(own.book_version));
    const usage = JSON.stringify(usageOf(actor, book, await planLimitsOf(db, actor)));
    // the same usage and activity lines as the last answer on this book: the same answer, not built again
    const from = `${usage}\n${own.activity_total}\n${own.activity_rows}`;
    if (book.last?.from !== from) {
      const body = answerBody(usage, recentFromRow(own), book);
      book.last = { from, body, etag: etagOf(body) };
    }
    return answer(c, book.last.body, book.last.etag);
  });
  return r;
}

const answerBody = (usage: string, recent: Page<ActivityEntry>, book: Book) => `{"usage":${usage},"recentActivity":${JSON.stringify(recent)},${book.panel}}`;
