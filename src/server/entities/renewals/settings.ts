// A renewal's settings and the retention rule's counters: the cockpit, the digest and analytics read
// them (analytics' retention per month is the cockpit's rule over another span).
import { sql, type SQL } from 'drizzle-orm';
import { agencyTimeZone } from '#shared/time.ts';
import { DEFAULT_REMARKET_THRESHOLD } from '#shared/renewals.ts';
import { agencies, renewalStats } from '#server/db/schema.ts';
import type { Tenant } from '#server/tenant.ts';

/** The agency's timezone (Settings › Agency), in which its days left count, and its remarket threshold. */
export async function readRenewalSettings(t: Tenant) {
  const [row] = await t.ownAgency({ timeZone: agencies.timezone, threshold: agencies.remarketThreshold });
  return { timeZone: agencyTimeZone(row?.timeZone), threshold: row?.threshold ?? DEFAULT_REMARKET_THRESHOLD };
}

/**
 * The retention rule's counts as aggregates over renewal_stats rows (the caller's where picks the
 * agency, the end-date span and cancelled = false): renewed, lost, and lapsed — still open and ended
 * before `today`, exactly the cockpit's Lapsed bucket. Analytics' retention per month reads these too.
 */
export function retentionCounters(today: string, scope: SQL = sql`true`) {
  const s = renewalStats;
  const sum = (where: SQL) => sql<number>`coalesce(sum(${s.policies}) filter (where ${where} and ${scope}), 0)::int`;
  return {
    renewed: sum(sql`${s.renewalState} = 'renewed'`),
    lost: sum(sql`${s.renewalState} = 'lost'`),
    lapsed: sum(sql`${s.renewalState} in ('not_started', 'contacted', 'quoted') and ${s.endDate} < ${today}`),
  };
}
