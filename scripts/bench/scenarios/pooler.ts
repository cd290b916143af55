// Scenario 1 through PgBouncer in transaction mode (decision 042); `--only pooler`.
import { BUILD, log, notes, PORTS, SECONDS, work } from '../context.ts';
import { type LoadResult } from '../load.ts';
import { checkPgbouncer, poolerComparison, type PoolerFigures, poolerScenario } from '../pooler.ts';
import { type Postgres } from '../postgres.ts';
import { loadRow } from '../report.ts';

/**
 * Scenario 1 through PgBouncer in transaction mode (decision 042): a second server on the same
 * database with DATABASE_POOLER=transaction, list page 1 and the searches, beside the direct rows.
 */
export async function poolerRows(pgInfo: Postgres, cookie: string, direct?: { list: LoadResult; search: LoadResult }) {
  const missing = checkPgbouncer();
  if (missing) {
    notes.push(`PgBouncer rows skipped: ${missing}`);
    return;
  }
  const figures = await poolerComparison({ buildDir: BUILD, port: PORTS.pooler, pgInfo, cookie, seconds: SECONDS, workDir: work, log });
  poolerTable(figures, direct);
}

export function poolerTable(figures: PoolerFigures[], direct?: { list: LoadResult; search: LoadResult }) {
  for (const f of figures) {
    const reference = direct && (/search/.test(f.scenario) ? direct.search : direct.list);
    const pooler = f.poolerCpuMsPerRequest !== undefined ? `PgBouncer CPU ${f.poolerCpuMsPerRequest.toFixed(2)} ms/request` : '';
    const beside = reference ? `direct: ${reference.rps.toFixed(0)} req/s, p99 ${reference.p99} ms; through the pooler ${((f.result.rps / reference.rps) * 100).toFixed(0)} %` : '';
    loadRow(`1. ${f.scenario}`, f.result, { text: /search/.test(f.scenario) ? 'p99 ≤ 150 ms' : 'p99 ≤ 100 ms', ok: f.result.p99 <= (/search/.test(f.scenario) ? 150 : 100) && f.result.non2xx + f.result.errors === 0 }, [beside, pooler].filter(Boolean).join('; ') || undefined);
  }
}

/** --only pooler: a fresh PostgreSQL (one agency of 5,000 policies among 20,000), the list page and search direct and through PgBouncer, one server worker each. */
export async function poolerOnly() {
  const figures = await poolerScenario({ buildDir: BUILD, port: PORTS.pooler, seconds: SECONDS, log });
  const direct = figures.filter((f) => f.scenario.endsWith(', direct'));
  const [list, search] = [direct.find((f) => !/search/.test(f.scenario))?.result, direct.find((f) => /search/.test(f.scenario))?.result];
  for (const f of direct) loadRow(`1. ${f.scenario}`, f.result);
  poolerTable(figures.filter((f) => !direct.includes(f)), list && search ? { list, search } : undefined);
}
