// Issue 32's bench row alone: the auto ID card PDF (pdf-lib, the agency's letterhead) drawn per
// request, 20 concurrent requests, target p99 ≤ 100 ms. `npm run bench -- --only id-card` (full
// build, a fresh PostgreSQL): one Business agency with ID_CARD_POLICIES car policies created through
// the API, a warm-up, then GET /api/policies/:id/card cycled over them.
import path from 'node:path';
import { carPolicyPayload, registrationPayload, sessionCookie } from '#server/test/factories.ts';
import { cycle, load, type LoadResult } from './load.ts';
import { sql } from './postgres.ts';
import { startServer } from './server.ts';

export const ID_CARD_ROW = '1. ID card PDF of a car policy, 20 concurrent';
const ID_CARD_POLICIES = 40;

export interface IdCardOptions {
  buildDir: string;
  port: number;
  pgUrl: string;
  dbPid?: number;
  workDir: string;
  seconds: number;
  log?: (msg: string) => void;
}

export async function idCardScenario(opts: IdCardOptions): Promise<LoadResult> {
  const server = await startServer({
    buildDir: opts.buildDir,
    port: opts.port,
    databaseUrl: opts.pgUrl,
    dataDir: path.join(opts.workDir, 'id-card-data'),
    logFile: path.join(opts.workDir, 'server-id-card.log'),
  });
  try {
    const base = server.url;
    const email = 'id-card@bench.example';
    const password = 'bench-password-1';
    const reg = await fetch(`${base}/api/account/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(registrationPayload({ company: 'ID Card Agency', fullName: 'Card User', email, password })),
    });
    if (reg.status !== 200) throw new Error(`register: ${reg.status} ${await reg.text()}`);
    // the portal (and the agent's card download) is on Business and up
    await sql(opts.pgUrl, `update "user" set email_verified = true, subscription_tier = 'business', subscription_status = 'active' where email = $1`, [email]);
    const signIn = await fetch(`${base}/api/account/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email, password }),
    });
    const cookie = sessionCookie(signIn);
    const ids: string[] = [];
    for (let i = 0; i < ID_CARD_POLICIES; i++) {
      const res = await fetch(`${base}/api/policies`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie },
        // a term in force today: a card is never issued for an ended one
        body: JSON.stringify(carPolicyPayload({ start_date: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) })),
      });
      if (res.status !== 201) throw new Error(`create policy: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { id?: string; policy?: { id: string } };
      ids.push(body.id ?? body.policy!.id);
    }
    const check = await fetch(`${base}/api/policies/${ids[0]}/card`, { headers: { cookie } });
    if (check.status !== 200 || check.headers.get('content-type') !== 'application/pdf') throw new Error(`card: ${check.status} ${check.headers.get('content-type')}`);
    const pick = cycle(ids.map((id) => `/api/policies/${id}/card`));
    const next = () => ({ path: pick() });
    await load({ url: base, pid: server.pid, connections: 20, seconds: 3, cookie, next });
    return await load({ url: base, pid: server.pid, dbPid: opts.dbPid, connections: 20, seconds: opts.seconds, cookie, next });
  } finally {
    await server.stop();
  }
}
