// Issue 13's figures: a bulk status change of 10,000 policies (above the sync limit, so the job
// path: batches with progress) and its undo, through the real API of the production build.
import { sql } from './postgres.ts';

export interface BulkFigures {
  policies: number;
  runSeconds: number;
  undoSeconds: number;
  progress: string[];
  ok: boolean;
  note: string;
}

/** Seeds `n` pending policies for the agency with one set-based insert (no HTTP, no per-row work). */
export async function seedBulkPolicies(pgUrl: string, agencyId: string, n: number) {
  await sql(
    pgUrl,
    `insert into policies (agency_id, policy_number, insurance_company, policy_type, customer_name, customer_email,
                           premium_amount, coverage_amount, deductible, start_date, end_date, status)
     select $1, 'BULKB-' || lpad(g::text, 6, '0'), 'Acme', 'car', 'Customer ' || g, 'bulk' || g || '@bench.example',
            100, 1000, 0, date '2026-01-01', date '2027-01-01', 'pending'
     from generate_series(1, $2::int) g`,
    [agencyId, n],
  );
  await sql(pgUrl, 'analyze policies');
}

export async function bulkScenario(base: string, cookie: string, n: number, log: (msg: string) => void): Promise<BulkFigures> {
  const headers = { cookie, 'content-type': 'application/json', origin: base };
  const body = { entity: 'policies', action: { kind: 'set_status', status: 'active' }, selection: { all: true, filter: { search: 'BULKB-' } } };
  const started = performance.now();
  const res = await fetch(`${base}/api/bulk`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (res.status !== 202 && res.status !== 201) throw new Error(`bulk run: ${res.status} ${await res.text()}`);
  let info = (await res.json()) as { id: string; state: string; processed: number; total: number; changed: number };
  const progress: string[] = [];
  while (info.state === 'running') {
    await new Promise((r) => setTimeout(r, 250));
    info = (await (await fetch(`${base}/api/bulk/${info.id}`, { headers })).json()) as typeof info;
    const line = `${info.processed}/${info.total}`;
    if (progress.at(-1) !== line) {
      progress.push(line);
      log(`  bulk progress: ${line} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  }
  const runSeconds = (performance.now() - started) / 1000;
  const undoStarted = performance.now();
  const undo = await fetch(`${base}/api/bulk/${info.id}/undo`, { method: 'POST', headers, body: '{}' });
  const undoSeconds = (performance.now() - undoStarted) / 1000;
  const ok = info.state === 'done' && info.changed === n && undo.status === 200 && runSeconds <= 10 && undoSeconds <= 10;
  const note = `${info.changed.toLocaleString('en')} of ${n.toLocaleString('en')} changed in ${runSeconds.toFixed(2)} s as a job (${progress.length} progress readings); undo ${undo.status === 200 ? 'in' : `refused (${undo.status}) after`} ${undoSeconds.toFixed(2)} s`;
  return { policies: n, runSeconds, undoSeconds, progress, ok, note };
}
