// Scenario 2: the pipeline board with 20,000 opportunities (issue 14); `--only pipeline`.
import { log, notes } from '../context.ts';
import { confirmOn, getJson, pgServer, registerAndSignIn, run } from '../harness.ts';
import { PIPELINE_BOARD_PATHS, PIPELINE_OPPORTUNITIES, seedOpportunities } from '../pipeline.ts';
import { type Postgres, sql } from '../postgres.ts';
import { loadRow } from '../report.ts';
import { type Server } from '../server.ts';

/** 2. The pipeline board of one agency with 20,000 opportunities (issue 14): p99 ≤ 150 ms. */
export async function pipelineScenario(server: Server, pgInfo: Postgres, who: { cookie: string; agencyId: string; ownerId: string }) {
  log(`scenario 2: pipeline board, ${PIPELINE_OPPORTUNITIES.toLocaleString('en')} opportunities in one agency`);
  await seedOpportunities(pgInfo.url, who.agencyId, who.ownerId);
  const board = await getJson(server, who.cookie, PIPELINE_BOARD_PATHS[0]);
  notes.push(`Pipeline board: ${board.columns.map((c: { stage: string; count: number; cards: unknown[] }) => `${c.stage} ${c.count} (${c.cards.length} cards)`).join(', ')}.`);
  const r = await run(server, who.cookie, PIPELINE_BOARD_PATHS);
  loadRow(`2. pipeline board, ${PIPELINE_OPPORTUNITIES.toLocaleString('en')} opportunities`, r, { text: 'p99 ≤ 150 ms', ok: r.p99 <= 150 && r.non2xx === 0 });
  // one connection: the latency of a request that does not queue behind 19 others (a shared machine)
  const one = await run(server, who.cookie, PIPELINE_BOARD_PATHS, 1);
  loadRow(`2. pipeline board, 1 connection`, one, undefined, 'no target; shows the per-request latency without queueing');
  for (const [name, text] of [
    // the totals the board reads (counters, decision 034); the grouped scan is now only a search's fallback
    ['stage sums (counters)', `select stage, sum(opportunities)::int, sum(premium) from pipeline_stats where agency_id = $1 group by stage`],
    ['stage sums of a search (fallback)', `select stage, count(*), sum(estimated_premium) from opportunities where agency_id = $1 group by stage`],
    ['one column', `select o.*, c.name from opportunities o left join customers c on c.agency_id = o.agency_id and c.id = o.customer_id where o.agency_id = $1 and o.stage = 'quoted' order by o.stage_changed_at desc, o.id limit 21`],
  ]) {
    const plan = await sql(pgInfo.url, `explain (analyze, buffers) ${text}`, [who.agencyId]);
    const lines = plan.rows.map((row: Record<string, string>) => Object.values(row)[0]);
    notes.push(`Pipeline board, ${name}: ${lines.filter((l) => /Execution Time|Scan/.test(l)).map((l) => l.trim()).join(' | ')}`);
  }
}


/** --only pipeline: a fresh PostgreSQL, one enterprise agency, the pipeline figure alone. */
export async function pipelineOnly(pgInfo: Postgres) {
  const server = await pgServer(pgInfo);
  try {
    const confirm = confirmOn(pgInfo, 'enterprise');
    const who = await registerAndSignIn(server.url, 'bench-pipeline@bench.example', confirm);
    await run(server, who.cookie, ['/api/opportunities/figures'], 5).catch(() => undefined);
    await pipelineScenario(server, pgInfo, who);
  } finally {
    await server.stop();
  }
}
