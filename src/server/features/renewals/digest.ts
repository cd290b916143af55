// The daily renewals digest and the renewal-window notifications (issue 11; docs/decisions/017).
// A system job, not one agency's caller: it reads every agency's due terms in one query, so it does
// not go through the tenant context (decision 015's list of such exceptions).
import { and, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { planIncludes } from '#shared/features.ts';
import { formatMoney } from '#shared/money.ts';
import { addDays, agencyToday, COCKPIT_HORIZON_DAYS, daysLeft } from '#shared/renewals.ts';
import { effectiveTier } from '#shared/tiers.ts';
import type { Deps } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { purgeIdempotency } from '../api/v1/idempotency.ts';
import { agencies, digestDeliveries, policies, scheduledJobs, user } from '#server/db/schema.ts';
import { renderMail } from '#server/mail.ts';
import { notify } from '../notifications/service.ts';
import { LOOKBACK_DAYS } from './cockpit.ts';

export const DIGEST_JOB = 'renewal-digest';
export const DIGEST_HOUR = 7;
/** A run that dies keeps the lease this long; then the next tick takes over. */
const LEASE_MS = 5 * 60_000;
const WINDOW_DAYS = 30;

/** The hour of day in the agency's timezone; UTC's for a name this runtime does not know. */
export function hourIn(timeZone: string, now: Date): number {
  try {
    return Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now));
  } catch {
    return now.getUTCHours();
  }
}

/** One instance at a time: a lease row in PostgreSQL; false when another instance holds it. */
export async function takeLease(db: Db, job: string, holder: string, now = new Date()): Promise<boolean> {
  await db.insert(scheduledJobs).values({ name: job }).onConflictDoNothing();
  const rows = await db
    .update(scheduledJobs)
    .set({ lockedUntil: new Date(now.getTime() + LEASE_MS), lockedBy: holder })
    .where(and(eq(scheduledJobs.name, job), or(isNull(scheduledJobs.lockedUntil), lt(scheduledJobs.lockedUntil, now))))
    .returning({ name: scheduledJobs.name });
  return rows.length > 0;
}

async function releaseLease(db: Db, job: string, holder: string) {
  await db
    .update(scheduledJobs)
    .set({ lockedUntil: null, lockedBy: null, lastFinishedAt: new Date() })
    .where(and(eq(scheduledJobs.name, job), eq(scheduledJobs.lockedBy, holder)));
}

interface DueTerm {
  policyId: string;
  agencyId: string;
  agencyName: string;
  userId: string;
  email: string;
  firstName: string;
  optOut: boolean;
  policyNumber: string;
  customerName: string;
  endDate: string;
  premium: string;
  remarket: boolean;
}

/**
 * Open terms assigned to someone that are lapsed, due within 30 days, or flagged Remarket, in the
 * agencies of one timezone (whose `today` it is) whose plan has renewals.
 */
async function readDueTerms(db: Db, timeZone: string, today: string): Promise<DueTerm[]> {
  const rows = await db
    .select({
      policyId: policies.id,
      agencyId: agencies.id,
      agencyName: agencies.name,
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      optOut: user.digestOptOut,
      policyNumber: policies.policyNumber,
      customerName: policies.customerName,
      endDate: policies.endDate,
      premium: policies.premiumAmount,
      remarket: policies.remarket,
      owner: { subscriptionTier: sql<string>`o.subscription_tier`, subscriptionStatus: sql<string>`o.subscription_status`, trialEndsAt: sql<Date | null>`o.trial_ends_at` },
    })
    .from(policies)
    .innerJoin(agencies, eq(agencies.id, policies.agencyId))
    .innerJoin(user, eq(user.id, policies.assigneeId))
    .innerJoin(sql`"user" o`, sql`o.id = ${agencies.ownerId}`)
    .where(
      and(
        eq(agencies.timezone, timeZone),
        inArray(policies.renewalState, ['not_started', 'contacted', 'quoted']),
        ne(policies.status, 'cancelled'),
        gte(policies.endDate, addDays(today, -LOOKBACK_DAYS)),
        lte(policies.endDate, addDays(today, COCKPIT_HORIZON_DAYS)),
        or(lte(policies.endDate, addDays(today, WINDOW_DAYS)), eq(policies.remarket, true)),
      ),
    )
    .orderBy(policies.endDate);
  return rows.filter((r) => planIncludes(effectiveTier(r.owner), 'renewals'));
}

/** The window and lapse notifications: one per term and event, whatever the number of runs. */
async function notifyWindows(db: Db, terms: DueTerm[], today: string) {
  for (const term of terms) {
    const days = daysLeft(term.endDate, today);
    const link = `/dashboard/policies/${term.policyId}`;
    if (days < 0 && days >= -WINDOW_DAYS)
      await notify(db, { userId: term.userId, agencyId: term.agencyId, kind: 'renewal_lapsed', title: `Policy ${term.policyNumber} (${term.customerName}) lapsed`, link, dedupeKey: `renewal_lapsed:${term.policyId}:${term.endDate}` });
    else if (days >= 0 && days <= WINDOW_DAYS)
      await notify(db, { userId: term.userId, agencyId: term.agencyId, kind: 'renewal_window', title: `Policy ${term.policyNumber} (${term.customerName}) ends in ${days} days`, link, dedupeKey: `renewal_window:${term.policyId}:${term.endDate}` });
  }
}

function digestMail(deps: Deps, to: string, firstName: string, terms: DueTerm[], today: string) {
  const line = (t: DueTerm) => {
    const days = daysLeft(t.endDate, today);
    const when = days < 0 ? `lapsed ${-days} days ago` : days === 0 ? 'ends today' : `ends in ${days} days`;
    return `${t.policyNumber} — ${t.customerName} (${t.agencyName}): ${when}, ${formatMoney(t.premium)}${t.remarket ? ' — Remarket' : ''}`;
  };
  const lapsed = terms.filter((t) => daysLeft(t.endDate, today) < 0);
  const soon = terms.filter((t) => daysLeft(t.endDate, today) >= 0 && daysLeft(t.endDate, today) <= WINDOW_DAYS);
  const remarket = terms.filter((t) => t.remarket);
  const section = (title: string, list: DueTerm[]) => (list.length ? [`${title} (${list.length}):`, ...list.map(line)] : []);
  return renderMail({
    to,
    subject: `Your renewals for ${today}: ${lapsed.length} lapsed, ${soon.length} due in 30 days`,
    greeting: firstName ? `Hello ${firstName},` : 'Hello,',
    paragraphs: [...section('Lapsed', lapsed), ...section('Due in the next 30 days', soon), ...section('Remarket', remarket)],
    action: { label: 'Open your renewals', url: `${deps.config.appUrl}/dashboard/renewals` },
    footer: 'You receive this digest because renewals are assigned to you. You can turn it off in Settings › Notifications.',
  });
}

export interface DigestResult {
  ran: boolean;
  sent: number;
}

/**
 * One run: take the lease, and from 07:00 in each agency's timezone send each agent with due
 * renewals one digest for that agency's day (the day boundary is the agency's midnight too). The
 * (user, day) marker is written before the e-mail, so a run killed half-way, a rerun, or a second
 * instance never sends anyone two; a run after downtime sends today's digests that are still missing.
 * An agent in agencies of different timezones gets one digest per day: the first zone to reach
 * 07:00 on that date sends it, with that zone's terms.
 */
export async function runDigest(deps: Deps, now = new Date(), holder = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`): Promise<DigestResult> {
  const { db } = deps;
  if (!(await takeLease(db, DIGEST_JOB, holder, now))) return { ran: false, sent: 0 };
  let sent = 0;
  try {
    // one pass per timezone in use (a handful), each with its own today and hour
    const zones = await db.selectDistinct({ timeZone: agencies.timezone }).from(agencies);
    const byUserDay = new Map<string, { userId: string; today: string; terms: DueTerm[] }>();
    for (const { timeZone } of zones) {
      const today = agencyToday(timeZone, now);
      const terms = await readDueTerms(db, timeZone, today);
      await notifyWindows(db, terms, today);
      if (hourIn(timeZone, now) < DIGEST_HOUR) continue;
      for (const t of terms) {
        if (t.optOut) continue;
        const key = `${t.userId}|${today}`;
        const entry = byUserDay.get(key) ?? { userId: t.userId, today, terms: [] };
        entry.terms.push(t);
        byUserDay.set(key, entry);
      }
    }
    for (const { userId, today, terms: unsorted } of byUserDay.values()) {
      const mine = unsorted.sort((x, y) => x.endDate.localeCompare(y.endDate));
      const marked = await db.insert(digestDeliveries).values({ userId, day: today }).onConflictDoNothing().returning({ userId: digestDeliveries.userId });
      if (!marked.length) continue;
      try {
        await deps.mailer.send(digestMail(deps, mine[0].email, mine[0].firstName, mine, today));
        sent += 1;
      } catch (err) {
        // The send failed for sure: free the marker so the next run tries again.
        await db.delete(digestDeliveries).where(and(eq(digestDeliveries.userId, userId), eq(digestDeliveries.day, today)));
        deps.logger.error({ err, userId }, 'renewal digest not sent');
      }
    }
    return { ran: true, sent };
  } finally {
    await releaseLease(db, DIGEST_JOB, holder);
  }
}

/** The scheduler main.ts starts: a tick every five minutes (and one shortly after start), unref'd. */
export function startScheduler(deps: Deps, everyMs = 5 * 60_000): () => void {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = Promise.all([
      runDigest(deps),
      // Stored API answers past their 24 hours: a plain delete, safe on every instance at once.
      purgeIdempotency(deps.db),
    ])
      .catch((err) => deps.logger.error({ err }, 'renewal digest run failed'))
      .finally(() => (running = null));
  };
  const first = setTimeout(tick, 10_000);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
