// The bench's settings (from the command line) and what every scenario adds to: the table's rows and
// the notes under it.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const args = process.argv.slice(2);
export const QUICK = args.includes('--quick');
export const NO_BUILD = args.includes('--no-build');
/** only scenario 8 (webhook deliveries): no build, no seeding */
export const ONLY_WEBHOOKS = args.includes('--only-webhooks');
/** `--only documents` / `pipeline` / `tasks` / `exchange` / `api` / `reports` / `list` / `xlsx`: one scenario alone (build, PostgreSQL, one server). */
export const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
/** only issue 13's bulk scenario (no big seed, no load runs): npm run bench -- --bulk-only */
export const BULK_ONLY = args.includes('--bulk-only');
export const BULK_POLICIES = 10_000;
export const secondsArg = args.indexOf('--seconds');
export const SECONDS = secondsArg >= 0 ? Number(args[secondsArg + 1]) : QUICK ? 3 : 12;
// BENCH_PORT: another base port when several benches share a machine
export const BASE_PORT = Number(process.env.BENCH_PORT ?? 4351);
export const PORTS = { pg: BASE_PORT, pglite: BASE_PORT + 1, lighthouse: BASE_PORT + 2, pooler: BASE_PORT + 3 };
/** only scenario 7 (build, first-load JS, Lighthouse on PGlite): no PostgreSQL, no seeding */
export const ONLY_FRONTEND = args.includes('--only-frontend');
export const ROOT = path.resolve(import.meta.dirname, '../..');
// BENCH_BUILD: another build folder, e.g. an earlier commit's build beside this one's (`--no-build` reuses it)
export const BUILD = process.env.BENCH_BUILD ? path.resolve(process.env.BENCH_BUILD) : path.join(ROOT, '.bench-build');
/** --only signed-in: Lighthouse alone (no time to data, no load run), each page `--lighthouse-runs N` times (median reported) */
export const LIGHTHOUSE_ONLY = args.includes('--lighthouse-only');
export const LIGHTHOUSE_RUNS = args.includes('--lighthouse-runs') ? Number(args[args.indexOf('--lighthouse-runs') + 1]) : 1;
export const SIZE = QUICK
  ? { agencies: 100, perAgency: 1000, customersPerAgency: 500, large: 20_000, largeCustomers: 20_000, pglite: 20_000, exportPolicies: 20_000, importRows: 2_000, tasks: 50_000 }
  : { agencies: 1000, perAgency: 1000, customersPerAgency: 500, large: 200_000, largeCustomers: 100_000, pglite: 100_000, exportPolicies: 100_000, importRows: 10_000, tasks: 50_000 };

export const log = (msg: string) => console.log(msg);
export const work = mkdtempSync(path.join(os.tmpdir(), 'policydesk-bench-'));

export interface Row {
  scenario: string;
  rps?: number;
  p50?: number;
  p99?: number;
  errors?: string;
  rssMb?: number;
  cpu?: number;
  note?: string;
  target?: string;
  ok?: boolean;
}
/** The table's rows and the notes under it, in the order the scenarios add them. */
export const rows: Row[] = [];
export const notes: string[] = [];

/** PostgreSQL's postmaster while the PostgreSQL scenarios run: `run` measures its backends' CPU too. */
export const database: { pid?: () => number } = {};
