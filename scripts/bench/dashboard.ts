// --only dashboard (issue 33): GET /api/dashboard alone for an enterprise agency of 1,000 policies,
// at the bench's 20 connections and at one, with PostgreSQL's statement time per request. The
// helpers are the bench entry's own (passed in, so this file does not import the entry).
import { database } from './context.ts';
import type { LoadResult } from './load.ts';
import type { Postgres } from './postgres.ts';
import { sql, statementStats } from './postgres.ts';
import type { SeedPlan } from './seed.ts';
import type { Server } from './server.ts';

export interface DashboardBenchHelpers {
  pgServer: (pgInfo: Postgres) => Promise<Server>;
  registerAndSignIn: (base: string, email: string, confirm: (email: string) => Promise<void>) => Promise<{ cookie: string; agencyId: string; ownerId: string }>;
  confirmOn: (pgInfo: Postgres, tier: string) => (email: string) => Promise<void>;
  seedWith: (pgInfo: Postgres, plan: SeedPlan) => Promise<void>;
  run: (server: Server, cookie: string, paths: string[], connections?: number) => Promise<LoadResult>;
  loadRow: (scenario: string, r: LoadResult, target?: { text: string; ok: boolean }, note?: string) => unknown;
  log: (msg: string) => void;
}

export async function dashboardOnly(pgInfo: Postgres, h: DashboardBenchHelpers): Promise<void> {
  const server = await h.pgServer(pgInfo);
  // PostgreSQL's CPU per request too (its backends'), beside the server's
  database.pid = pgInfo.pid;
  try {
    const who = await h.registerAndSignIn(server.url, 'bench-dashboard@bench.example', h.confirmOn(pgInfo, 'enterprise'));
    await h.seedWith(pgInfo, { fillerAgencies: 0, fillerCustomers: 0, fillerPolicies: 0, targets: [{ agencyId: who.agencyId, ownerId: who.ownerId, customers: 300, policies: 1000 }] });
    await h.run(server, who.cookie, ['/api/dashboard'], 5).catch(() => undefined);
    await statementStats(pgInfo.url, true).catch(() => []);
    const d = await h.run(server, who.cookie, ['/api/dashboard']);
    h.loadRow('1. dashboard, one request for its cards (1,000 policies)', d, { text: 'p99 ≤ 20 ms (issue 33)', ok: d.p99 <= 20 && d.non2xx + d.errors === 0 });
    for (const line of await statementStats(pgInfo.url).catch(() => [] as string[])) h.log(`  pg_stat_statements: ${line}`);
    const one = await h.run(server, who.cookie, ['/api/dashboard'], 1);
    h.loadRow('1. dashboard, 1 connection', one, undefined, 'no target; the per-request latency without queueing');
    // a write between reads: every read after it recomputes (the cache's worst case, one write per read)
    let i = 0;
    const writes = setInterval(() => {
      i += 1;
      void sql(pgInfo.url, `update policies set customer_phone = $2 where id = (select id from policies where agency_id = $1 order by id limit 1)`, [who.agencyId, `bench ${i}`]).catch(() => undefined);
    }, 100);
    try {
      const w = await h.run(server, who.cookie, ['/api/dashboard']);
      h.loadRow('1. dashboard while the book changes 10×/s', w, undefined, 'no target; analytics recomputed after each write');
    } finally {
      clearInterval(writes);
    }
  } finally {
    database.pid = undefined;
    await server.stop();
  }
}
