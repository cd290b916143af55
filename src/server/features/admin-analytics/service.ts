// System Analytics: every figure is one SQL statement over an index (user_created_idx,
// user_trial_ends_idx, activity_agency_created_idx, payment_submissions_{status,user}_idx).
import { sql } from 'drizzle-orm';
import { MRR_TIERS, PENDING_AGE_BUCKETS, planMonthlyPrice, type SystemAnalytics } from '#shared/admin-analytics.ts';
import { TIERS, type PaidTier, type Tier } from '#shared/tiers.ts';
import { type Connection, crossAgency } from '#server/tenant.ts';

const WEEKS = 12;

async function rows<T>(db: Connection, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await crossAgency(db, 'the super admin’s platform figures count every agency').execute(query)).rows as T[];
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

export async function computeAnalytics(db: Connection): Promise<SystemAnalytics> {
  const weekStart = sql`(date_trunc('week', now() at time zone 'UTC') at time zone 'UTC')`;

  const signups = await rows<{ week: string; confirmed: number; unconfirmed: number }>(
    db,
    sql`select to_char(w.week, 'YYYY-MM-DD') as week,
          count(u.id) filter (where u.email_verified)::int as confirmed,
          count(u.id) filter (where not u.email_verified)::int as unconfirmed
        from generate_series(${weekStart} - interval '${sql.raw(String(WEEKS - 1))} weeks', ${weekStart}, interval '1 week') as w(week)
        left join "user" u on u.created_at >= w.week and u.created_at < w.week + interval '1 week'
        group by w.week order by w.week`,
  );

  const activeSince = (days: number) =>
    sql`(select count(*) from agencies a where
          exists (select 1 from activity_log l where l.agency_id = a.id and l.created_at >= now() - interval '${sql.raw(String(days))} days')
          or exists (select 1 from agency_members m join "user" u on u.id = m.user_id
                     where m.agency_id = a.id and u.last_login_at >= now() - interval '${sql.raw(String(days))} days'))::int`;
  const [active] = await rows<{ d7: number; d30: number; total: number }>(
    db,
    sql`select ${activeSince(7)} as d7, ${activeSince(30)} as d30, (select count(*) from agencies)::int as total`,
  );

  const perPlan = await rows<{ tier: Tier; agencies: number; trialing: number }>(
    db,
    sql`select case
               when u.subscription_status = 'expired' then 'starter'
               when u.subscription_status = 'trialing' and (u.trial_ends_at is null or u.trial_ends_at <= now()) then 'starter'
               else u.subscription_tier end as tier,
             count(*)::int as agencies,
             count(*) filter (where u.subscription_status = 'trialing' and u.trial_ends_at > now())::int as trialing
        from agencies a join "user" u on u.id = a.owner_id
        group by 1`,
  );

  const trials = await rows<{ id: string; email: string; tier: Tier; trial_ends_at: string; total: number }>(
    db,
    sql`select id, email, subscription_tier as tier, trial_ends_at, count(*) over ()::int as total
        from "user"
        where subscription_status = 'trialing' and trial_ends_at >= ${weekStart} and trial_ends_at < ${weekStart} + interval '7 days'
        order by trial_ends_at limit 50`,
  );

  // Exact decimals: numeric in SQL, text out; the prices are the pricing page's.
  const price = sql.join(
    MRR_TIERS.map((t) => sql`when ${t} then ${planMonthlyPrice(t)}::numeric`),
    sql` `,
  );
  const mrr = await rows<{ tier: PaidTier; accounts: number; revenue: string; total: string }>(
    db,
    sql`select tier, accounts, revenue::text as revenue, (sum(revenue) over ())::text as total from (
          select u.subscription_tier as tier, count(*)::int as accounts,
                 count(*) * (case u.subscription_tier ${price} end) as revenue
          from "user" u
          where u.subscription_status = 'active' and u.subscription_tier <> 'starter'
            and exists (select 1 from payment_submissions p where p.user_id = u.id and p.status = 'Approved')
          group by u.subscription_tier) as plans`,
  );

  const [pending] = await rows<{ count: number; oldest: string | null; b0: number; b1: number; b2: number; b3: number }>(
    db,
    sql`select count(*)::int as count, min(created_at) as oldest,
          count(*) filter (where created_at > now() - interval '1 day')::int as b0,
          count(*) filter (where created_at <= now() - interval '1 day' and created_at > now() - interval '3 days')::int as b1,
          count(*) filter (where created_at <= now() - interval '3 days' and created_at > now() - interval '7 days')::int as b2,
          count(*) filter (where created_at <= now() - interval '7 days')::int as b3
        from payment_submissions where status = 'Pending'`,
  );

  const byTier = new Map(perPlan.map((p) => [p.tier, p]));
  const mrrByTier = new Map(mrr.map((m) => [m.tier, m]));
  return {
    generated_at: new Date().toISOString(),
    signups_per_week: signups.map((s) => ({ week: s.week, confirmed: Number(s.confirmed), unconfirmed: Number(s.unconfirmed) })),
    active_agencies: { last_7_days: Number(active.d7), last_30_days: Number(active.d30), total: Number(active.total) },
    agencies_per_plan: TIERS.map((tier) => ({ tier, agencies: Number(byTier.get(tier)?.agencies ?? 0), trialing: Number(byTier.get(tier)?.trialing ?? 0) })),
    trials_ending_this_week: {
      count: Number(trials[0]?.total ?? 0),
      rows: trials.map((t) => ({ id: t.id, email: t.email, tier: t.tier, trial_ends_at: iso(t.trial_ends_at)! })),
    },
    mrr: {
      total: mrr[0]?.total ?? '0.00',
      by_plan: MRR_TIERS.map((tier) => ({ tier, accounts: Number(mrrByTier.get(tier)?.accounts ?? 0), revenue: mrrByTier.get(tier)?.revenue ?? '0.00' })),
    },
    pending_verifications: {
      count: Number(pending.count),
      oldest_submitted_at: iso(pending.oldest),
      by_age: PENDING_AGE_BUCKETS.map((bucket, i) => ({ bucket, count: Number(pending[`b${i}` as 'b0']) })),
    },
  };
}
