// The daily renewals digest and the renewal-window notifications (issue 11; docs/decisions/017).
// A system job, not one agency's caller: it reads every agency's due terms in one query, so it does
// not go through the tenant context (decision 015's list of such exceptions).
import { eq, inArray, sql } from 'drizzle-orm';
import { planIncludes } from '#shared/features.ts';
import { formatMoney } from '#shared/money.ts';
import { addDays, agencyToday } from '#shared/time.ts';
import { COCKPIT_HORIZON_DAYS, daysLeft } from '#shared/renewals.ts';
import { effectiveTier } from '#shared/tiers.ts';
import type { Deps } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { agencies, digestDeliveries, user } from '#server/db/schema.ts';
import { claimJobs, defineJob } from '#server/jobs/queue.ts';
import { runClaim } from '#server/jobs/runner.ts';
import { crossAgency } from '#server/tenant.ts';
import { renderMail, type MailBrand, type MailMessage } from '#server/mail.ts';
import { mailBrandForAgency } from '#server/platform/brand.ts';
import { notifyMany } from '#server/platform/notify.ts';
import { readTasksDueToday, tasksDigestLines, type DueTask } from '#server/entities/tasks/digest.ts';
import { LOOKBACK_DAYS } from '#server/entities/renewals/cockpit.ts';

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
 * (user, day) marker commits with that digest's send job, so a rerun or a second instance never
 * queues anyone two, and a run killed half-way leaves jobs another instance sends; a run after
 * downtime sends today's digests that are still missing.
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
  // the (user, day) pairs already queued: one read, so a run later that day renders nothing again
  const days = [...new Set([...byUserDay.values()].map((d) => d.today))];
  const queued = new Set(
    days.length
      ? (await db.select({ userId: digestDeliveries.userId, day: digestDeliveries.day }).from(digestDeliveries).where(inArray(digestDeliveries.day, days))).map((r) => `${r.userId}|${r.day}`)
      : [],
  );
  for (const [key, digest] of byUserDay) {
    if (queued.has(key)) continue;
    const { userId, today } = digest;
    // white label: a digest of one agency's renewals carries that agency's brand; one that spans agencies, the default
    const brand = digest.agencyIds.length === 1 ? await mailBrandForAgency(deps, digest.agencyIds[0]) : null;
    const mail: MailMessage = { ...digestMail(deps, digest, brand), messageId: digestMessageId(deps, userId, today) };
    // The marker and the send job commit together (issue 27 §3): a process killed after the marker
    // leaves a job another instance sends once its lease runs out, never a marked day without a mail.
    const jobId = await db.transaction(async (tx) => {
      const marked = await tx.insert(digestDeliveries).values({ userId, day: today }).onConflictDoNothing().returning({ userId: digestDeliveries.userId });
      return marked.length ? digestSendJob.enqueue(tx, { userId, day: today, mail }) : null;
    });
    if (!jobId) continue;
    // sent now by this run; a failed send is retried by the job (backoff), not by the next run
    const [claim] = await claimJobs(db, new Date(), 1, { id: jobId });
    if (claim && (await runClaim(deps, claim)) === 'done') sent += 1;
  }
  return { ran: true, sent };
}

/**
 * The same Message-ID for every attempt of one agent's digest of one day: a send repeated after its
 * process died between the server's acceptance and the job's completion is one the receiver can
 * deduplicate (the one window left where two copies can go out).
 */
export function digestMessageId(deps: Deps, userId: string, day: string): string {
  return `<digest.${userId}.${day}@${new URL(deps.config.appUrl).hostname}>`;
}

/** One agent's digest for one day, rendered when it was queued; the mail is the whole payload. */
export const digestSendJob = defineJob<{ userId: string; day: string; mail: MailMessage }>({
  name: 'renewals.digest-send',
  maxAttempts: 5,
  backoffMs: 60_000,
  run: async (deps, ctx) => deps.mailer.send(ctx.payload.mail),
});

/**
 * Tests only (takeover-digest.test.ts): DIGEST_CLOCK_OFFSET_MS shifts the digest's clock, the same
 * for every instance, so 07:00 in an agency's zone arrives while two real processes run. Leases and
 * schedules keep the real clock.
 */
const CLOCK_OFFSET_MS = Number(process.env.DIGEST_CLOCK_OFFSET_MS) || 0;

export const digestJob = defineJob<Record<string, never>>({
  name: DIGEST_JOB,
  run: async (deps, ctx) => void (await runDigest(deps, new Date(ctx.now.getTime() + CLOCK_OFFSET_MS))),
});
