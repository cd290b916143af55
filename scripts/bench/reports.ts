// Scenario 4d (issue 12, decision 033): the grouped reports and analytics on one large agency —
// production by month / carrier / assignee (new business against renewals), book by assignee, and
// the analytics charts with retention per month — each timed sequentially (one request at a time),
// after one warm-up request. No target is set by the issue; the figures are for orientation.
export const REPORT_PATHS = [
  '/api/reports/production?from=2000-01-01',
  '/api/reports/production?from=2000-01-01&group=carrier',
  '/api/reports/production?from=2000-01-01&group=assignee',
  '/api/reports/book',
  '/api/reports/book?group=assignee',
  '/api/analytics',
];

/** Marks every third policy of the agency as the renewal of the one before it (renewed_from_id). */
export const MARK_RENEWALS = `
  with ordered as (select id, agency_id, lag(id) over (order by policy_number) as prev, row_number() over (order by policy_number) as n from policies where agency_id = $1)
  update policies p set renewed_from_id = o.prev from ordered o where p.id = o.id and o.n % 3 = 0`;

export async function timeReports(base: string, cookie: string, runs = 7): Promise<{ path: string; p50: number; max: number; status: number }[]> {
  const out = [];
  for (const path of REPORT_PATHS) {
    let status = 0;
    await fetch(`${base}${path}`, { headers: { cookie } }).then((r) => r.arrayBuffer());
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { cookie } });
      await res.arrayBuffer();
      times.push(performance.now() - started);
      status = res.status;
    }
    times.sort((a, b) => a - b);
    out.push({ path, p50: Math.round(times[Math.floor(times.length / 2)] * 10) / 10, max: times.at(-1)!, status });
  }
  return out;
}
