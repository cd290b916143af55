// A throwaway PostgreSQL 15 for the benchmark (as scripts/pg-throwaway.sh does it), statement capture
// from its log, and pgbench runs of captured SQL.
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { cpuMs } from './server.ts';

export const PGBIN = process.env.PGBIN ?? '/usr/lib/postgresql/15/bin';

export interface Postgres {
  url: string;
  port: number;
  root: string;
  logFile: string;
  /** the postmaster's pid (its children are the backends: their CPU is the database's work) */
  pid: () => number;
  stop: () => void;
}

function asPostgres(args: string[]) {
  return execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function checkPostgresBinaries(): string | null {
  for (const bin of ['initdb', 'pg_ctl', 'pgbench', 'createdb']) if (!existsSync(path.join(PGBIN, bin))) return `${PGBIN}/${bin} not found (install postgresql-15)`;
  try {
    execFileSync('runuser', ['-u', 'postgres', '--', 'true'], { stdio: 'ignore' });
  } catch {
    return 'runuser -u postgres failed (the benchmark runs PostgreSQL as the postgres user; run it as root)';
  }
  return null;
}

/**
 * Durability stays at PostgreSQL's defaults (fsync and synchronous_commit on) so write figures are
 * honest; shared_buffers is sized for the data set like a real server would be.
 */
export async function startPostgres(): Promise<Postgres> {
  const root = mkdtempSync('/tmp/policydesk-bench-pg-');
  const port = await freePort();
  mkdirSync(path.join(root, 'data'));
  mkdirSync(path.join(root, 'sock'));
  for (const dir of [root, path.join(root, 'data'), path.join(root, 'sock')]) chownSync(dir, uid('postgres'), gid('postgres'));
  asPostgres([`${PGBIN}/initdb`, '-D', `${root}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const logFile = `${root}/server.log`;
  const options = [
    `-p ${port}`,
    `-k ${root}/sock`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=120',
    '-c shared_buffers=512MB',
    '-c work_mem=16MB',
    '-c maintenance_work_mem=512MB',
    '-c max_wal_size=4GB',
    '-c checkpoint_timeout=30min',
    "-c log_line_prefix=@@%p@@",
    // BENCH_PG_STATS=1: pg_stat_statements with planning tracked (statementStats), for diagnosis
    ...(process.env.BENCH_PG_STATS ? ['-c shared_preload_libraries=pg_stat_statements', '-c pg_stat_statements.track_planning=on'] : []),
  ].join(' ');
  asPostgres([`${PGBIN}/pg_ctl`, '-D', `${root}/data`, '-l', logFile, '-w', '-o', options, 'start']);
  asPostgres([`${PGBIN}/createdb`, '-h', `${root}/sock`, '-p', String(port), 'app']);
  const stop = () => {
    try {
      asPostgres([`${PGBIN}/pg_ctl`, '-D', `${root}/data`, '-m', 'fast', '-w', 'stop']);
    } catch {}
    rmSync(root, { recursive: true, force: true });
  };
  const pid = () => Number(readFileSync(path.join(root, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { url: `postgres://postgres@127.0.0.1:${port}/app`, port, root, logFile, pid, stop };
}

function uid(name: string) {
  return Number(execFileSync('id', ['-u', name]).toString().trim());
}
function gid(name: string) {
  return Number(execFileSync('id', ['-g', name]).toString().trim());
}

export async function sql(url: string, text: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

export interface CapturedStatement {
  sql: string;
}

/**
 * Logs every statement while `action` runs (one request, nothing else in flight), and returns them
 * with their parameters inlined as literals: exactly the SQL the app sent for that request.
 */
export async function captureStatements(pgInfo: Postgres, action: () => Promise<void>): Promise<string[]> {
  await sql(pgInfo.url, "alter system set log_statement = 'all'");
  await sql(pgInfo.url, 'select pg_reload_conf()');
  await new Promise((r) => setTimeout(r, 300));
  const from = statSync(pgInfo.logFile).size;
  await action();
  await new Promise((r) => setTimeout(r, 300));
  const to = statSync(pgInfo.logFile).size;
  await sql(pgInfo.url, 'alter system reset log_statement');
  await sql(pgInfo.url, 'select pg_reload_conf()');
  const text = readFileSync(pgInfo.logFile).subarray(from, to).toString();
  return parseStatementLog(text);
}

export function parseStatementLog(text: string): string[] {
  // Join continuation lines to the entry they belong to.
  const entries: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('@@')) entries.push(line.replace(/^@@\d+@@\s*/, ''));
    else if (entries.length && line.length) entries[entries.length - 1] += `\n${line}`;
  }
  const out: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    let statement: string | null = null;
    let m = /^LOG:\s+statement: ([\s\S]*)$/.exec(e);
    if (m) statement = m[1];
    m = /^LOG:\s+execute [^:]*: ([\s\S]*)$/.exec(e);
    if (m) {
      statement = m[1];
      const detail = entries[i + 1];
      if (detail?.startsWith('DETAIL:  parameters:')) {
        statement = inlineParameters(statement, detail.slice('DETAIL:  parameters:'.length));
        i++;
      }
    }
    if (!statement) continue;
    if (/pg_reload_conf|alter system/i.test(statement)) continue;
    out.push(statement.trim().replace(/;\s*$/, ''));
  }
  return out;
}

function inlineParameters(statement: string, detail: string): string {
  const values = new Map<string, string>();
  const re = /\$(\d+) = (NULL|'(?:[^']|'')*')/g;
  let m;
  while ((m = re.exec(detail))) values.set(m[1], m[2]);
  return statement.replace(/\$(\d+)/g, (all, n: string) => values.get(n) ?? all);
}

export interface PgbenchResult {
  tps: number;
  latencyMs: number;
  failed: number;
  /** PostgreSQL's CPU (its backends) per transaction */
  dbCpuMsPerTransaction?: number;
  error?: string;
}

/** With BENCH_PG_STATS=1: the statements PostgreSQL ran since `reset`, the busiest first, or those that took the most planning (calls, plans, time planning and executing). */
export async function statementStats(url: string, reset = false, by: 'total' | 'planning' = 'total'): Promise<string[]> {
  if (!process.env.BENCH_PG_STATS) return [];
  await sql(url, 'create extension if not exists pg_stat_statements');
  if (reset) {
    await sql(url, 'select pg_stat_statements_reset()');
    return [];
  }
  const r = await sql(
    url,
    `select calls, plans, round(total_plan_time::numeric / greatest(calls, 1), 3) as plan_ms, round(total_exec_time::numeric / greatest(calls, 1), 3) as exec_ms,
       regexp_replace(left(query, 90), '\\s+', ' ', 'g') as query
       from pg_stat_statements order by ${by === 'planning' ? 'total_plan_time' : 'total_plan_time + total_exec_time'} desc limit 12`,
  );
  return (r.rows as { calls: string; plans: string; plan_ms: string; exec_ms: string; query: string }[]).map(
    (x) => `${x.calls} calls, ${x.plans} plans, ${x.plan_ms} ms planning + ${x.exec_ms} ms executing per call: ${x.query}`,
  );
}

/**
 * PostgreSQL's CPU so far, in ms: the postmaster, its live backends, and the backends that have
 * exited (the postmaster's reaped children, fields cutime and cstime of /proc/<pid>/stat), so
 * pgbench's connections count even after they close.
 */
function databaseCpuMs(postmaster: number): number {
  try {
    const stat = readFileSync(`/proc/${postmaster}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const reaped = (Number(fields[13]) + Number(fields[14])) * 10;
    return reaped + cpuMs(postmaster);
  } catch {
    return 0;
  }
}

/**
 * pgbench -M prepared -c clients -T seconds over a custom script (one transaction = the statements),
 * over the server's Unix socket, or over TCP on 127.0.0.1 (as the app connects) with `tcp`.
 */
export async function pgbench(pgInfo: Postgres, statements: string[], clients: number, seconds: number, name: string, opts: { tcp?: boolean } = {}): Promise<PgbenchResult> {
  const file = path.join(pgInfo.root, `${name}.sql`);
  writeFileSync(file, statements.map((s) => `${s.replace(/\n/g, ' ')};\n`).join(''));
  chownSync(file, uid('postgres'), gid('postgres'));
  const dbBefore = databaseCpuMs(pgInfo.pid());
  return new Promise((resolve) => {
    const child = spawn(
      'runuser',
      ['-u', 'postgres', '--', `${PGBIN}/pgbench`, '-n', '-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', file, '-h', opts.tcp ? '127.0.0.1' : `${pgInfo.root}/sock`, '-p', String(pgInfo.port), 'app'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => {
      appendFileSync(path.join(pgInfo.root, 'pgbench.out'), out);
      const tps = /tps = ([\d.]+)/.exec(out);
      const lat = /latency average = ([\d.]+) ms/.exec(out);
      const failed = /number of failed transactions: (\d+)/.exec(out);
      if (code !== 0 || !tps) {
        resolve({ tps: 0, latencyMs: 0, failed: 0, error: out.split('\n').filter((l) => /error|ERROR/.test(l)).slice(0, 3).join(' ') || `pgbench exited ${code}` });
        return;
      }
      const transactions = /number of transactions actually processed: (\d+)/.exec(out);
      const dbCpu = databaseCpuMs(pgInfo.pid()) - dbBefore;
      resolve({
        tps: Number(tps[1]),
        latencyMs: lat ? Number(lat[1]) : 0,
        failed: failed ? Number(failed[1]) : 0,
        ...(transactions && Number(transactions[1]) ? { dbCpuMsPerTransaction: dbCpu / Number(transactions[1]) } : {}),
      });
    });
  });
}
