// The results table: a row from a load run, pgbench's rows, the RSS check, the table and
// bench/results/latest.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { log, notes, QUICK, ROOT, type Row, rows, SECONDS, SIZE, work } from './context.ts';
import { type LoadResult } from './load.ts';
import { type PgbenchResult } from './postgres.ts';

export function fmt(n: number | undefined, digits = 0) {
  return n === undefined || Number.isNaN(n) ? '' : n.toFixed(digits);
}

export function loadRow(scenario: string, r: LoadResult, target?: { text: string; ok: boolean }, note?: string): Row {
  const bad = r.errors + r.non2xx;
  const codes = Object.entries(r.statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, n]) => `${n}×${code}`)
    .join(' ');
  const row: Row = {
    scenario,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    errors: bad ? `${bad} (${[r.errors ? `${r.errors} socket` : '', codes].filter(Boolean).join(', ')})` : '0',
    rssMb: r.peakRssMb,
    cpu: r.cpuMsPerRequest,
    note,
    target: target?.text,
    ok: target?.ok,
  };
  rows.push(row);
  log(`  ${scenario}: ${fmt(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${row.errors}, peak RSS ${fmt(r.peakRssMb)} MB, server CPU ${fmt(r.cpuMsPerRequest, 1)} ms/request${r.dbCpuMsPerRequest !== undefined ? `, PostgreSQL CPU ${fmt(r.dbCpuMsPerRequest, 1)} ms/request` : ''}`);
  return row;
}


export function rawNote(rawAll: PgbenchResult, rawList: PgbenchResult, rps: number) {
  if (!rawAll.tps) return `pgbench failed: ${rawAll.error}`;
  return `app/raw ${((rps / rawAll.tps) * 100).toFixed(0)} % of all its SQL (${rawAll.tps.toFixed(0)} tps); ${rawList.tps ? `${((rps / rawList.tps) * 100).toFixed(0)} % of the list queries alone (${rawList.tps.toFixed(0)} tps)` : ''}`;
}

export function rawRow(scenario: string, r: PgbenchResult, statements: number): Row {
  return r.tps
    ? { scenario, rps: r.tps, note: `pgbench -M prepared -c 20, ${statements} statements per transaction, avg latency ${r.latencyMs.toFixed(1)} ms` }
    : { scenario, note: `pgbench could not run it: ${r.error}` };
}


export function table(): string {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'peak RSS MB', 'server CPU ms/req', 'target', 'met', 'notes'];
  const lines = [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${fmt(r.rps)} | ${r.p50 ?? ''} | ${r.p99 ?? ''} | ${r.errors ?? ''} | ${fmt(r.rssMb)} | ${fmt(r.cpu, 1)} | ${r.target ?? ''} | ${r.ok === undefined ? '' : r.ok ? 'yes' : 'NO'} | ${r.note ?? ''} |`,
    ),
  ];
  return lines.join('\n');
}

export function rssCheck() {
  const pgRows = rows.filter((r) => r.rssMb !== undefined && !r.scenario.startsWith('5.'));
  if (!pgRows.length) return;
  const peak = Math.max(...pgRows.map((r) => r.rssMb!));
  rows.push({ scenario: 'server RSS under load, PostgreSQL', rssMb: peak, target: '≤ 250 MB', ok: peak <= 250, note: 'highest peak of the PostgreSQL scenarios' });
}

/** The table and its notes on the console and in bench/results/latest.md (the full run). */
export function writeResults(started: number, loadAtStart: string) {
  const out = table();
  const minutes = ((performance.now() - started) / 60000).toFixed(1);
  console.log(`\n${out}\n`);
  for (const n of notes) console.log(`- ${n}`);
  const missed = rows.filter((r) => r.ok === false).map((r) => r.scenario);
  console.log(missed.length ? `\nMissed: ${missed.join('; ')}` : '\nEvery figure was met.');
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'bench/results/latest.md'),
    [
      `# PolicyDesk benchmark${QUICK ? ' (--quick: smaller data, not the target sizes)' : ''}`,
      '',
      `${new Date().toISOString()} · load average at start ${loadAtStart}, at end ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} (other work on the machine skews absolute figures; ratios measured side by side less so) · ${os.cpus().length} cores (${os.cpus()[0]?.model ?? ''}) · Node ${process.version} · PostgreSQL 15 · ${SECONDS} s per run · ${minutes} min in all`,
      `Data: ${SIZE.agencies} agencies × ${SIZE.perAgency} policies (${SIZE.customersPerAgency} customers each) + one agency with ${SIZE.large} policies (${SIZE.largeCustomers} customers); PGlite: ${SIZE.pglite} policies.`,
      '',
      out,
      '',
      ...notes.map((n) => `- ${n}`),
      missed.length ? `\nMissed: ${missed.join('; ')}` : '\nEvery figure was met.',
      '',
      `Statements captured from the server for one request, plans of the large agency's queries and the server logs are in ${work}.`,
    ].join('\n'),
  );
  console.log(`\nWritten to bench/results/latest.md (${minutes} min). Logs, captured SQL and plans: ${work}`);
}
