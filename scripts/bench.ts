// npm run bench [-- --quick] [-- --no-build] [-- --seconds N] [-- --only-webhooks] [-- --only-frontend] [-- --bulk-only] [-- --only documents|pipeline|tasks|exchange|api|reports|creates|signed-in|list|pooler|pglite|xlsx]
// Measures the production build on a throwaway PostgreSQL 15 (and on PGlite), side by side with
// pgbench running the SQL the list endpoint sends, and writes bench/results/latest.md.
// Exits non-zero only when it could not run; missed figures are reported, not fatal.
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brandingScenario } from './bench/branding.ts';
import { args, BUILD, BULK_ONLY, database, log, notes, ONLY, ONLY_FRONTEND, ONLY_WEBHOOKS, PORTS, QUICK, rows, SECONDS, work } from './bench/context.ts';
import { dashboardOnly } from './bench/dashboard.ts';
import { ID_CARD_ROW, idCardScenario } from './bench/id-card.ts';
import type { LoadResult } from './bench/load.ts';
import { build, confirmOn, pgServer, registerAndSignIn, run, seedWith } from './bench/harness.ts';
import { listScenario } from './bench/list.ts';
import { checkPgbouncer } from './bench/pooler.ts';
import { checkPostgresBinaries, type Postgres, startPostgres, statementStats } from './bench/postgres.ts';
import { loadRow, rssCheck, table, writeResults } from './bench/report.ts';
import { apiOnly } from './bench/scenarios/api.ts';
import { postgresScenarios } from './bench/scenarios/book.ts';
import { bulkStep } from './bench/scenarios/bulk.ts';
import { createsOnly } from './bench/scenarios/creates.ts';
import { documentsOnly } from './bench/scenarios/documents.ts';
import { exchangeOnly } from './bench/scenarios/exchange.ts';
import { frontend, lighthouseScenario, signedInOnly } from './bench/scenarios/frontend.ts';
import { pgliteScenarios } from './bench/scenarios/pglite.ts';
import { pipelineOnly } from './bench/scenarios/pipeline.ts';
import { poolerOnly } from './bench/scenarios/pooler.ts';
import { reportsOnly } from './bench/scenarios/reports.ts';
import { tasksOnly } from './bench/scenarios/tasks.ts';
import { webhookBench } from './bench/scenarios/webhooks.ts';
import { xlsxOnly } from './bench/scenarios/xlsx.ts';
import { startServer } from './bench/server.ts';

/**
 * The scenarios `--only <name>` runs alone, each on a fresh PostgreSQL of its own. A new scenario:
 * its own file under scripts/bench/scenarios/ exporting one `(pgInfo: Postgres) => Promise<void>`
 * (it starts its server with `pgServer`, signs up with `registerAndSignIn`, adds rows with `loadRow`
 * or `rows.push`), and one line here.
 */
const idCardRow = (r: LoadResult) => loadRow(ID_CARD_ROW, r, { text: 'p99 ≤ 100 ms', ok: r.p99 <= 100 && r.non2xx === 0 });

const ONLY_SCENARIOS: Record<string, (pgInfo: Postgres) => Promise<void>> = {
  documents: documentsOnly,
  api: apiOnly,
  exchange: exchangeOnly,
  reports: reportsOnly,
  pipeline: pipelineOnly,
  tasks: tasksOnly,
  creates: createsOnly,
  'signed-in': signedInOnly,
  'id-card': async (pgInfo) => void idCardRow(await idCardScenario({ buildDir: BUILD, port: PORTS.pg, pgUrl: pgInfo.url, dbPid: pgInfo.pid(), workDir: work, seconds: SECONDS, log })),
  dashboard: (pgInfo) => dashboardOnly(pgInfo, { pgServer, registerAndSignIn, confirmOn, seedWith, run, loadRow, log }),
  commissions: async (pgInfo) => (await import('./bench/scenarios/commissions.ts')).commissionsOnly(pgInfo),
};

/** Scenarios of ONLY_SCENARIOS the full run also runs, on its PostgreSQL after scenario 9 (one line each). */
const FULL_RUN_EXTRAS: string[] = [];

async function main() {
  const started = performance.now();
  const loadAtStart = os.loadavg().map((n) => n.toFixed(1)).join(' ');
  if (ONLY_FRONTEND) {
    build();
    frontend();
    await lighthouseScenario();
    console.log(`\n${table()}\n`);
    return;
  }
  const missing = checkPostgresBinaries();
  if (missing) {
    console.error(`bench: cannot run: ${missing}`);
    process.exit(2);
  }
  if (ONLY_WEBHOOKS) {
    const pgOnly = await startPostgres();
    try {
      await webhookBench(pgOnly.url, 'PostgreSQL');
    } finally {
      pgOnly.stop();
    }
    await webhookBench(undefined, 'PGlite');
    console.log(`\n${table()}\n`);
    return;
  }
  if (ONLY === 'pglite') {
    build();
    await pgliteScenarios();
    console.log(`\n${table()}\n`);
    for (const n of notes) console.log(`- ${n}`);
    return;
  }
  if (ONLY === 'xlsx') {
    await xlsxOnly();
    console.log(`\n${table()}\n`);
    return;
  }
  log(`PolicyDesk benchmark${QUICK ? ' (--quick: smaller data, shorter runs)' : ''} on ${os.cpus().length} cores (load average ${loadAtStart}), Node ${process.version}; ${SECONDS} s per load run; work folder ${work}`);
  build();
  if (ONLY === 'list') {
    // issue 17's CPU figure alone: one worker, the list page at 20 connections (scripts/bench/list.ts)
    await listScenario({ buildDir: BUILD, port: PORTS.pg, seconds: SECONDS, prof: args.includes('--prof'), log });
    return;
  }
  if (ONLY === 'pooler') {
    const missing = checkPgbouncer();
    if (missing) {
      console.error(`bench: cannot run: ${missing}`);
      process.exit(2);
    }
    await poolerOnly();
    console.log(`\n${table()}\n`);
    return;
  }
  const only = ONLY ? ONLY_SCENARIOS[ONLY] : undefined;
  if (ONLY && !only) {
    console.error(`bench: no scenario "${ONLY}"; --only takes ${Object.keys(ONLY_SCENARIOS).join(', ')}, list, pooler, pglite or xlsx`);
    process.exit(2);
  }
  if (only) {
    const pgOnly = await startPostgres();
    try {
      await only(pgOnly);
    } finally {
      pgOnly.stop();
    }
    console.log(`\n${table()}\n`);
    for (const n of notes) console.log(`- ${n}`);
    return;
  }
  if (BULK_ONLY) {
    const pgOnly = await startPostgres();
    try {
      const server = await startServer({ buildDir: BUILD, port: PORTS.pg, databaseUrl: pgOnly.url, dataDir: path.join(work, 'pg-data'), logFile: path.join(work, 'server-pg.log') });
      await bulkStep(server, pgOnly);
      await server.stop();
    } finally {
      pgOnly.stop();
    }
    console.log(`\n${table()}\n`);
    return;
  }
  frontend();
  await lighthouseScenario();
  const pgInfo = await startPostgres();
  log(`postgres: 15 on 127.0.0.1:${pgInfo.port}`);
  try {
    await postgresScenarios(pgInfo);
    await webhookBench(pgInfo.url, 'PostgreSQL');
    await documentsOnly(pgInfo);
    for (const name of FULL_RUN_EXTRAS) await ONLY_SCENARIOS[name](pgInfo);
    for (const line of await statementStats(pgInfo.url, false, 'planning')) log(`  pg_stat_statements, most planning: ${line}`);
  } finally {
    database.pid = undefined;
    pgInfo.stop();
  }
  await pgliteScenarios();
  await webhookBench(undefined, 'PGlite');
  for (const f of await brandingScenario()) rows.push(f);
  // Keep the logs, captured SQL and plans; drop the data.
  rmSync(path.join(work, 'pglite-data'), { recursive: true, force: true });
  rmSync(path.join(work, 'pg-data'), { recursive: true, force: true });
  rssCheck();

  writeResults(started, loadAtStart);
}

main().catch((err) => {
  console.error('bench: could not run:', err);
  process.exit(1);
});
