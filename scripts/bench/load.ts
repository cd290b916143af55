// autocannon against 127.0.0.1, bounded in time, with the server's RSS sampled throughout.
import autocannon from 'autocannon';
import { cpuMs, cpuSince, cpuSnapshot, machineCpu, sampleRss } from './server.ts';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
  peakRssMb: number;
  /** server CPU (user + system) per answered request: stable even when the machine is busy */
  cpuMsPerRequest: number;
  /** the database's CPU per answered request, when `dbPid` was given */
  dbCpuMsPerRequest?: number;
  /** the load generator's own CPU (this process: autocannon) per answered request */
  loaderCpuMsPerRequest: number;
  /** the whole machine's busy CPU (every core, /proc/stat) per answered request, and its busy share */
  machineCpuMsPerRequest: number;
  machineBusy: number;
  statusCodes: Record<string, number>;
}

export interface LoadOptions {
  url: string;
  pid: number;
  /** PostgreSQL's postmaster: its backends' CPU is measured too */
  dbPid?: number;
  connections: number;
  seconds: number;
  /** stop after this many requests instead (profiles: the same work for every build) */
  amount?: number;
  cookie: string;
  /** extra headers, e.g. an API key's Authorization */
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  /** called per request: path (and body for POST) */
  next: () => { path: string; body?: string };
}

export async function load(opts: LoadOptions): Promise<LoadResult> {
  const rss = sampleRss(opts.pid);
  const cpuBefore = cpuMs(opts.pid);
  const dbCpuBefore = opts.dbPid ? cpuSnapshot(opts.dbPid) : undefined;
  const loaderBefore = process.cpuUsage();
  const machineBefore = machineCpu();
  const statusCodes: Record<string, number> = {};
  let finish!: (r: autocannon.Result) => void;
  let fail!: (e: unknown) => void;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon({
    url: opts.url,
    connections: opts.connections,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.seconds }),
    headers: {
      cookie: opts.cookie,
      'content-type': 'application/json',
      origin: opts.url,
      'accept-encoding': 'identity',
      ...opts.headers,
    },
    requests: [
      {
        method: opts.method ?? 'GET',
        setupRequest: (req) => {
          const n = opts.next();
          return { ...req, path: n.path, ...(n.body !== undefined ? { body: n.body } : {}) };
        },
      },
    ],
  }, (err, result) => (err ? fail(err) : finish(result)));
  instance.on('response', (_client: unknown, statusCode: number) => {
    statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
  });
  const result = await done;
  const { peak } = rss.stop();
  const cpuUsed = cpuMs(opts.pid) - cpuBefore;
  const loader = process.cpuUsage(loaderBefore);
  const machineAfter = machineCpu();
  const per = (ms: number) => (result.requests.total ? ms / result.requests.total : 0);
  const dbCpuUsed = opts.dbPid && dbCpuBefore ? cpuSince(opts.dbPid, dbCpuBefore) : undefined;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
    peakRssMb: peak,
    cpuMsPerRequest: per(cpuUsed),
    loaderCpuMsPerRequest: per((loader.user + loader.system) / 1000),
    machineCpuMsPerRequest: per((machineAfter.busy - machineBefore.busy) * 10),
    machineBusy: (machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total),
    ...(dbCpuUsed !== undefined && result.requests.total ? { dbCpuMsPerRequest: dbCpuUsed / result.requests.total } : {}),
    statusCodes,
  };
}

/** Where a request's CPU went, across the whole machine: the server, PostgreSQL (when measured), the load generator, the rest. */
export function cpuBreakdown(r: LoadResult): string {
  const db = r.dbCpuMsPerRequest;
  const rest = r.machineCpuMsPerRequest - r.cpuMsPerRequest - (db ?? 0) - r.loaderCpuMsPerRequest;
  return [
    `server ${r.cpuMsPerRequest.toFixed(2)} ms`,
    db !== undefined ? `PostgreSQL ${db.toFixed(2)} ms` : '',
    `load generator ${r.loaderCpuMsPerRequest.toFixed(2)} ms`,
    `other ${rest.toFixed(2)} ms`,
    `machine ${r.machineCpuMsPerRequest.toFixed(2)} ms (${(r.machineBusy * 100).toFixed(0)} % busy)`,
  ].filter(Boolean).join(', ');
}

/** Cycles through a list. */
export function cycle<T>(items: T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length];
}
