// Scenario 4e: the grouped reports and analytics over one large agency; `--only reports`.
import { log, rows, SIZE } from '../context.ts';
import { confirmOn, pgServer, registerAndSignIn, seedWith } from '../harness.ts';
import { type Postgres, sql } from '../postgres.ts';
import { MARK_RENEWALS, timeReports } from '../reports.ts';

/** --only reports: a fresh PostgreSQL, one agency of SIZE.exportPolicies policies (a third of them renewals), the grouped reports and analytics timed one request at a time. */
export async function reportsOnly(pgInfo: Postgres) {
  const server = await pgServer(pgInfo);
  try {
    const confirm = confirmOn(pgInfo, 'enterprise');
    const who = await registerAndSignIn(server.url, 'bench-reports@bench.example', confirm);
    await seedWith(pgInfo, { fillerAgencies: 0, fillerCustomers: 0, fillerPolicies: 0, targets: [{ agencyId: who.agencyId, ownerId: who.ownerId, customers: SIZE.exportPolicies / 2, policies: SIZE.exportPolicies }] });
    const marked = (await sql(pgInfo.url, MARK_RENEWALS, [who.agencyId])).rowCount ?? 0;
    await sql(pgInfo.url, 'analyze');
    log(`scenario 4e: grouped reports and analytics over ${SIZE.exportPolicies.toLocaleString('en')} policies`);
    for (const r of await timeReports(server.url, who.cookie)) {
      rows.push({ scenario: `4e. GET ${r.path} (${SIZE.exportPolicies.toLocaleString('en')} policies, sequential)`, p50: r.p50, note: `max ${r.max.toFixed(0)} ms, status ${r.status}; ${marked.toLocaleString('en')} renewals`, ok: r.status === 200 });
    }
  } finally {
    await server.stop();
  }
}
