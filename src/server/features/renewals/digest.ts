// The daily renewals digest and the renewal-window notifications (issue 11; docs/decisions/017).
// A system job, not one agency's caller: it reads every agency's due terms in one query, so it does
// not go through the tenant context (decision 015's list of such exceptions).
import { and, eq, sql } from 'drizzle-orm';
import { planIncludes } from '#shared/features.ts';
import { formatMoney } from '#shared/money.ts';
import { addDays, agencyToday } from '#shared/time.ts';
import { COCKPIT_HORIZON_DAYS, daysLeft } from '#shared/renewals.ts';
import { effectiveTier } from '#shared/tiers.ts';
import type { Deps } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { agencies, digestDeliveries, user } from '#server/db/schema.ts';
import { defineJob } from '#server/jobs/queue.ts';
import { crossAgency } from '#server/tenant.ts';
import { renderMail, type MailBrand } from '#server/mail.ts';
import { mailBrandForAgency } from '../branding/mail-brand.ts';
import { notifyMany } from '../notifications/service.ts';
import { readTasksDueToday, tasksDigestLines, type DueTask } from '../tasks/digest.ts';
import { purgeIdempotency } from '../api/v1/idempotency.ts';
import { LOOKBACK_DAYS } from './cockpit.ts';

export const DIGEST_JOB = 'renewals.digest';
export const DIGEST_HOUR = 7;
const WINDOW_DAYS = 30;

/** The hour of day in the agency's timezone; UTC's for a name this runtime does not know. */
export function hourIn(timeZone: string, now: Date): number {
  try {
    return Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now));
  } catch {
    return now.getUTCHours();
  }
}

/** Lines the digest lists per section; the section's heading gives its full count. */
export const DIGEST_LINES = 10;
const SECTIONS = ['lapsed', 'soon', 'remarket'] as const;
type Section = (typeof SECTIONS)[number];

interface DueLine {
  agencyName: string;
  policyNumber: string;
  customerName: string;
  endDate: string;
  premium: string;
  remarket: boolean;
}

/** One agent's digest for one day: each section's count and its first lines by end date. */
interface AgentDigest {
  userId: string;
  email: string;
  firstName: string;
  today: string;
  timeZone: string;
  sections: Record<Section, { total: number; lines: DueLine[] }>;
  /** the CRM's section (issue 14): open tasks due today */
  tasks: DueTask[];
  /** every agency with a due term of this agent (not only the listed lines): one means the digest can wear its brand */
  agencyIds: string[];
}

const emptySections = (): AgentDigest['sections'] => ({ lapsed: { total: 0, lines: [] }, soon: { total: 0, lines: [] }, remarket: { total: 0, lines: [] } });

/** The agencies of one timezone whose owner's plan (trials and lapses included) has renewals. */
async function agenciesWithRenewals(db: Db, timeZone: string): Promise<string[]> {
  const rows = await db
    .select({ id: agencies.id, owner: { subscriptionTier: user.subscriptionTier, subscriptionStatus: user.subscriptionStatus, trialEndsAt: user.trialEndsAt } })
    .from(agencies)
    .innerJoin(user, eq(user.id, agencies.ownerId))
    .where(eq(agencies.timezone, timeZone));
  return rows.filter((r) => planIncludes(effectiveTier(r.owner), 'renewals')).map((r) => r.id);
}

const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
const OPEN = sql`p.renewal_state in ('not_started', 'contacted', 'quoted') and p.status <> 'cancelled'`;

/**
 * The window and lapse notifications (a term assigned to someone entering its last 30 days, or
 * lapsed within 30 days): one per term and event whatever the number of runs, written by one
 * INSERT … SELECT for all of the zone's agencies (notifyMany applies the same preferences and dedupe
 * key as notify).
 */
async function notifyWindows(db: Db, agencyIds: string[], today: string) {
  await notifyMany(
    db,
    sql`select p.assignee_id as user_id, p.agency_id, w.kind,
          'Policy ' || p.policy_number || ' (' || p.customer_name || ')' ||
            case when w.days < 0 then ' lapsed' else ' ends in ' || w.days || ' days' end as title,
          '/dashboard/policies/' || p.id as link,
          w.kind || ':' || p.id || ':' || p.end_date::text as dedupe_key
        from policies p
        cross join lateral (
          select (p.end_date - ${today}::date) as days,
                 case when p.end_date < ${today}::date then 'renewal_lapsed' else 'renewal_window' end as kind
        ) w
        where p.agency_id = any(${uuidArray(agencyIds)}) and p.assignee_id is not null and ${OPEN}
          and p.end_date between ${addDays(today, -WINDOW_DAYS)}::date and ${addDays(today, WINDOW_DAYS)}::date`,
  );
}

/**
 * Each agent's digest: open terms assigned to them that are lapsed (within the cockpit's year), due
 * within 30 days, or flagged Remarket, in the given agencies, counted per section with the first
 * DIGEST_LINES of each — in one query, so 1,000 agencies' digests are read at once and nothing holds
 * every due term in memory. Agents who opted out are left out.
 */
async function readDigests(db: Db, agencyIds: string[], today: string, timeZone: string): Promise<AgentDigest[]> {
  const result = (await crossAgency(db, 'the digest reads the due terms of a batch of agencies at once').execute(sql`
    with due as (
      select p.id, p.agency_id, a.name as agency_name, p.assignee_id, p.policy_number, p.customer_name, p.end_date::text as end_date,
             p.premium_amount::text as premium, p.remarket
      from policies p
      join agencies a on a.id = p.agency_id
      where p.agency_id = any(${uuidArray(agencyIds)}) and p.assignee_id is not null and ${OPEN}
        and p.end_date between ${addDays(today, -LOOKBACK_DAYS)}::date and ${addDays(today, COCKPIT_HORIZON_DAYS)}::date
        and (p.end_date <= ${addDays(today, WINDOW_DAYS)}::date or p.remarket)
    ), sections as (
      select 'lapsed' as section, due.* from due where end_date::date < ${today}::date
      union all
      select 'soon', due.* from due where end_date::date between ${today}::date and ${addDays(today, WINDOW_DAYS)}::date
      union all
      select 'remarket', due.* from due where remarket
    ), ranked as (
      select s.*, row_number() over (partition by assignee_id, section order by end_date, id) as rn,
             count(*) over (partition by assignee_id, section)::int as total
      from sections s
    ), agent_agencies as (
      select assignee_id, array_agg(distinct agency_id::text) as agency_ids from due group by assignee_id
    )
    select r.*, u.email, coalesce(u.first_name, '') as first_name, aa.agency_ids
    from ranked r join "user" u on u.id = r.assignee_id join agent_agencies aa on aa.assignee_id = r.assignee_id
    where r.rn <= ${DIGEST_LINES} and not u.digest_opt_out
    order by r.assignee_id, r.section, r.rn`)) as unknown as { rows: Record<string, unknown>[] };
  const byUser = new Map<string, AgentDigest>();
  for (const r of result.rows) {
    const userId = String(r.assignee_id);
    let digest = byUser.get(userId);
    if (!digest) {
      digest = { userId, email: String(r.email), firstName: String(r.first_name), today, timeZone, sections: emptySections(), tasks: [], agencyIds: (r.agency_ids as string[] | null) ?? [] };
      byUser.set(userId, digest);
    }
    const section = digest.sections[r.section as Section];
    section.total = Number(r.total);
    section.lines.push({
      agencyName: String(r.agency_name),
      policyNumber: String(r.policy_number),
      customerName: String(r.customer_name),
      endDate: String(r.end_date),
      premium: String(r.premium),
      remarket: Boolean(r.remarket),
    });
  }
  return [...byUser.values()];
}

/** An agent in agencies of two timezones that share a date gets one digest: the sections are added up. */
function mergeDigests(into: AgentDigest, other: AgentDigest) {
  into.agencyIds = [...new Set([...into.agencyIds, ...other.agencyIds])];
  for (const key of SECTIONS) {
    const section = into.sections[key];
    section.total += other.sections[key].total;
    section.lines = [...section.lines, ...other.sections[key].lines].sort((x, y) => x.endDate.localeCompare(y.endDate)).slice(0, DIGEST_LINES);
  }
  into.tasks.push(...other.tasks);
}

function digestMail(deps: Deps, digest: AgentDigest, brand: MailBrand | null) {
  const { today } = digest;
  const line = (t: DueLine) => {
    const days = daysLeft(t.endDate, today);
    const when = days < 0 ? `lapsed ${-days} days ago` : days === 0 ? 'ends today' : `ends in ${days} days`;
    return `${t.policyNumber} — ${t.customerName} (${t.agencyName}): ${when}, ${formatMoney(t.premium)}${t.remarket ? ' — Remarket' : ''}`;
  };
  const section = (title: string, key: Section) => {
    const { total, lines } = digest.sections[key];
    if (!total) return [];
    const more = total - lines.length;
    return [`${title} (${total}):`, ...lines.map(line), ...(more > 0 ? [`…and ${more} more on your renewals page.`] : [])];
  };
  const renewals = SECTIONS.some((key) => digest.sections[key].total > 0);
  return renderMail({
    to: digest.email,
    subject: renewals
      ? `Your renewals for ${today}: ${digest.sections.lapsed.total} lapsed, ${digest.sections.soon.total} due in 30 days`
      : `Your tasks for ${today}: ${digest.tasks.length} due today`,
    greeting: digest.firstName ? `Hello ${digest.firstName},` : 'Hello,',
    paragraphs: [
      ...section('Lapsed', 'lapsed'),
      ...section('Due in the next 30 days', 'soon'),
      ...section('Remarket', 'remarket'),
      // the CRM's section (issue 14): open tasks due today, at their time in the agency's day
      ...tasksDigestLines(digest.tasks, digest.timeZone),
    ],
    action: renewals
      ? { label: 'Open your renewals', url: `${deps.config.appUrl}/dashboard/renewals` }
      : { label: 'Open your tasks', url: `${deps.config.appUrl}/dashboard/crm/tasks` },
    footer: 'You receive this digest because renewals or tasks are assigned to you. You can turn it off in Settings › Notifications.',
    brand,
  });
}

export interface DigestResult {
  ran: boolean;
  sent: number;
}

/**
 * One run of the `renewals.digest` job (scheduled every five minutes, one run at a time across
 * instances): from 07:00 in each agency's timezone, send each agent with due
 * renewals one digest for that agency's day (the day boundary is the agency's midnight too). The
 * (user, day) marker is written before the e-mail, so a run killed half-way, a rerun, or a second
 * instance never sends anyone two; a run after downtime sends today's digests that are still missing.
 * An agent in agencies of different timezones gets one digest per day: the first zone to reach
 * 07:00 on that date sends it, with that zone's terms.
 */
export async function runDigest(deps: Deps, now = new Date()): Promise<DigestResult> {
  const { db } = deps;
  let sent = 0;
  // one pass per timezone in use (a handful), each with its own today and hour
  const zones = await db.selectDistinct({ timeZone: agencies.timezone }).from(agencies);
  const byUserDay = new Map<string, AgentDigest>();
  for (const { timeZone } of zones) {
    const today = agencyToday(timeZone, now);
    const agencyIds = await agenciesWithRenewals(db, timeZone);
    if (agencyIds.length) await notifyWindows(db, agencyIds, today);
    if (hourIn(timeZone, now) < DIGEST_HOUR) continue;
    const add = (digest: AgentDigest) => {
      const key = `${digest.userId}|${today}`;
      const seen = byUserDay.get(key);
      if (seen) mergeDigests(seen, digest);
      else byUserDay.set(key, digest);
    };
    if (agencyIds.length) for (const digest of await readDigests(db, agencyIds, today, timeZone)) add(digest);
    // tasks due today (agencies whose plan has the CRM), for agents with or without renewals
    for (const task of await readTasksDueToday(db, timeZone, today)) {
      if (task.optOut) continue;
      add({ userId: task.userId, email: task.email, firstName: task.firstName ?? '', today, timeZone, sections: emptySections(), tasks: [task], agencyIds: [] });
    }
  }
  for (const digest of byUserDay.values()) {
    const { userId, today } = digest;
    const marked = await db.insert(digestDeliveries).values({ userId, day: today }).onConflictDoNothing().returning({ userId: digestDeliveries.userId });
    if (!marked.length) continue;
    try {
      // white label: a digest of one agency's renewals carries that agency's brand; one that spans agencies, the default
      const brand = digest.agencyIds.length === 1 ? await mailBrandForAgency(deps, digest.agencyIds[0]) : null;
      await deps.mailer.send(digestMail(deps, digest, brand));
      sent += 1;
    } catch (err) {
      // The send failed for sure: free the marker so the next run tries again.
      await db.delete(digestDeliveries).where(and(eq(digestDeliveries.userId, userId), eq(digestDeliveries.day, today)));
      deps.logger.error({ err, userId }, 'renewal digest not sent');
    }
  }
  return { ran: true, sent };
}

export const digestJob = defineJob<Record<string, never>>({ name: DIGEST_JOB, run: async (deps, ctx) => void (await runDigest(deps, ctx.now)) });

/** Stored API answers past their 24 hours: a plain delete. */
export const idempotencyPurgeJob = defineJob<Record<string, never>>({ name: 'api.idempotency-purge', run: async (deps) => void (await purgeIdempotency(deps.db)) });
