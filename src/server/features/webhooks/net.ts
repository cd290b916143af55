// The network side of webhooks: which addresses may be called (SSRF), and one signed POST that
// connects to the address that was checked, so a DNS answer cannot change between check and connect.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { createHmac } from 'node:crypto';
import ipaddr from 'ipaddr.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Cloud metadata services: refused even when private addresses are allowed. */
const METADATA = ['169.254.169.254', 'fd00:ec2::254', '169.254.170.2', '100.100.100.200'];
/** Ranges that only make sense on the local machine or network; allowed with WEBHOOKS_ALLOW_PRIVATE. */
const LOCAL_RANGES = new Set(['loopback', 'private', 'linkLocal', 'uniqueLocal', 'carrierGradeNat']);

/**
 * The resolver: replaceable in tests ("a hostname that resolves to a private address") without
 * touching the system's DNS.
 */
export const resolver: { lookup: (hostname: string) => Promise<ResolvedAddress[]> } = {
  lookup: async (hostname) => {
    const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
    return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  },
};

export class UnsafeAddressError extends Error {
  constructor(
    message: string,
    public reason: 'private' | 'unresolved',
  ) {
    super(message);
  }
}

/** Why the address may not be called, or null. Only global unicast passes (ipaddr.js ranges). */
export function addressProblem(address: string, allowPrivate: boolean): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.process(address);
  const normal = parsed.toString();
  if (METADATA.some((m) => ipaddr.process(m).toString() === normal)) return 'a cloud metadata address';
  const range = parsed.range();
  if (range === 'unicast') return null;
  if (allowPrivate && LOCAL_RANGES.has(range)) return null;
  return `a ${range} address`;
}

function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/** Resolves the URL's host and checks every address; the first is the one to connect to. */
export async function resolveSafely(url: URL, allowPrivate: boolean): Promise<ResolvedAddress> {
  const host = bareHost(url.hostname);
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  else {
    try {
      addresses = await resolver.lookup(host);
    } catch {
      throw new UnsafeAddressError(`${host} could not be resolved`, 'unresolved');
    }
    if (!addresses.length) throw new UnsafeAddressError(`${host} could not be resolved`, 'unresolved');
  }
  for (const a of addresses) {
    const problem = addressProblem(a.address, allowPrivate);
    if (problem) throw new UnsafeAddressError(`${host} resolves to ${a.address}, ${problem}`, 'private');
  }
  return addresses[0];
}

/** `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

export interface PostResult {
  /** the receiver's status code, or null when there was no answer */
  status: number | null;
  durationMs: number;
  /** why the attempt failed (network error, timeout, refused address, non-2xx) or null */
  error: string | null;
}

// Keep-alive per origin; a pooled socket is always one that was opened to a checked address.
const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 32 }), https: new https.Agent({ keepAlive: true, maxSockets: 32 }) };

/**
 * One POST with the body and headers, no redirects followed, at most `timeoutMs` for the whole
 * exchange. The connection goes to the address resolveSafely checked (custom lookup).
 */
export async function postWebhook(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(rawUrl);
  let target: ResolvedAddress;
  try {
    target = await resolveSafely(url, opts.allowPrivate);
  } catch (err) {
    return { status: null, durationMs: elapsed(), error: (err as Error).message };
  }
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options?.all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const secure = url.protocol === 'https:';
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<PostResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const req = (secure ? https : http).request(url, {
      method: 'POST',
      agent: secure ? agents.https : agents.http,
      lookup: pinned,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
    });
    const timer = setTimeout(() => {
      finish({ status: null, error: `Timed out after ${opts.timeoutMs / 1000} s` });
      req.destroy();
    }, opts.timeoutMs);
    req.on('response', (res) => {
      const status = res.statusCode ?? null;
      // The answer's body is not needed; read it so the socket can be reused.
      res.resume();
      res.on('end', () =>
        finish({ status, error: status !== null && status >= 200 && status < 300 ? null : `The receiver answered ${status}` }),
      );
      res.on('error', (err) => finish({ status, error: err.message }));
    });
    req.on('error', (err) => finish({ status: null, error: err.message || 'Connection failed' }));
    req.end(body);
  });
}
