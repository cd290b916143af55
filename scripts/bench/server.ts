// The production build of the server as a child process: start, wait for /api/health, sample its RSS.
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const AUTH_SECRET = 'policydesk-bench-secret-0123456789abcdef0123456789';

export interface Server {
  url: string;
  pid: number;
  child: ChildProcess;
  /** ms from spawn to the first healthy /api/health */
  startMs: number;
  logFile: string;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  buildDir: string;
  port: number;
  databaseUrl?: string;
  dataDir: string;
  logFile: string;
  /** extra node flags, e.g. from BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" */
  nodeArgs?: string[];
  /** extra environment, e.g. { WORKERS: '1' } */
  env?: Record<string, string>;
}

export async function startServer(opts: ServerOptions): Promise<Server> {
  const url = `http://127.0.0.1:${opts.port}`;
  const out = openSync(opts.logFile, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), path.join(opts.buildDir, 'server/main.js')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      APP_URL: url,
      AUTH_SECRET,
      DATA_DIR: opts.dataDir,
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      RATE_LIMIT: 'off',
      // the per-key API limit (600/min by default) would stop the load generator, not measure the API
      API_RATE_LIMIT: '100000000',
      // with PostgreSQL the server runs one worker per core (node:cluster) unless BENCH_WORKERS says otherwise
      ...(process.env.BENCH_WORKERS ? { WORKERS: process.env.BENCH_WORKERS } : {}),
      ...opts.env,
    },
    stdio: ['ignore', out, out],
  });
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  for (;;) {
    if (exited !== undefined) throw new Error(`the server exited (${exited}) before it was healthy; see ${opts.logFile}:\n${tail(opts.logFile)}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {}
    if (performance.now() - started > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`the server was not healthy within 60 s; see ${opts.logFile}`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const startMs = performance.now() - started;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (exited !== undefined) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { url, pid: child.pid!, child, startMs, logFile: opts.logFile, stop };
}

function tail(file: string) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

/** The process and its children (a cluster's primary and its workers). */
export function processTree(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return [pid, ...children.flatMap(processTree)];
  } catch {
    return [pid];
  }
}

function ownRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /VmRSS:\s+(\d+) kB/.exec(status);
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The RSS of the largest process of the server (one worker of a cluster: the figure is per worker). */
export function rssMb(pid: number): number {
  return Math.max(...processTree(pid).map(ownRssMb));
}

/**
 * Samples the RSS every 50 ms until stopped; returns the peak and the value at the start (largest
 * process), and `growth`: the largest rise of any one process over its own start (the worker that
 * served the work, whichever it was: comparing one worker's peak with another's start is noise).
 */
export function sampleRss(pid: number) {
  const startOf = new Map(processTree(pid).map((p) => [p, ownRssMb(p)]));
  const peakOf = new Map(startOf);
  const start = Math.max(...startOf.values());
  const sample = () => {
    for (const p of processTree(pid)) {
      const now = ownRssMb(p);
      if (!startOf.has(p)) startOf.set(p, now);
      peakOf.set(p, Math.max(peakOf.get(p) ?? 0, now));
    }
  };
  const timer = setInterval(sample, 50);
  return {
    start,
    stop: () => {
      clearInterval(timer);
      sample();
      const peak = Math.max(...peakOf.values());
      const growths = [...peakOf].map(([p, top]) => ({ pid: p, growth: top - (startOf.get(p) ?? top) }));
      const largest = growths.reduce((a, b) => (b.growth > a.growth ? b : a));
      return { start, peak, growth: largest.growth, pid: largest.pid };
    },
  };
}

/** The machine's busy and total CPU time so far, in 100 Hz ticks (/proc/stat, all cores): PostgreSQL's work counts too. */
export function machineCpu(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, n) => sum + n, 0);
  return { busy: total - fields[3] - (fields[4] ?? 0), total };
}

/** CPU time (user + system) the process has used so far, in ms (from /proc/<pid>/stat, 100 Hz ticks). */
export function cpuMs(pid: number): number {
  // every process of the server: a cluster's workers do the work
  return processTree(pid).reduce((sum, p) => sum + ownCpuMs(p), 0);
}

/**
 * CPU time per process of the tree so far; `cpuSince` sums what each process used after this
 * snapshot. For trees whose processes come and go (PostgreSQL's backends): a process that exits
 * takes its CPU with it, which a plain difference of two sums would count as negative.
 */
export function cpuSnapshot(pid: number): Map<number, number> {
  return new Map(processTree(pid).map((p) => [p, ownCpuMs(p)]));
}

export function cpuSince(pid: number, before: Map<number, number>): number {
  return processTree(pid).reduce((sum, p) => sum + Math.max(0, ownCpuMs(p) - (before.get(p) ?? 0)), 0);
}

function ownCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
