// Scenario 1, the REST API with a key (issue 15), beside the web list's page of 50; `--only api`.
import { log, notes, SECONDS, SIZE } from '../context.ts';
import { confirmOn, pgServer, registerAndSignIn, run, seedWith } from '../harness.ts';
import { cycle, load } from '../load.ts';
import { type Postgres } from '../postgres.ts';
import { loadRow } from '../report.ts';
import { type Server } from '../server.ts';

/** 1. The REST API with a key (issue 15): GET /api/v1/policies, page of 50, against the web list's page of 50. */
export async function apiScenario(server: Server, cookie: string) {
  const made = await fetch(`${server.url}/api/api-keys`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ name: 'bench', scopes: { policies: 'read' } }),
  });
  if (made.status !== 201) {
    notes.push(`API key for the bench: ${made.status} ${(await made.text()).slice(0, 200)}`);
    return;
  }
  const { key } = (await made.json()) as { key: string };
  const first = await fetch(`${server.url}/api/v1/policies?limit=50`, { headers: { authorization: `Bearer ${key}` } });
  const page = (await first.json()) as { data?: unknown[]; next_cursor?: string | null };
  const cursor = page.next_cursor ?? '';
  const web = await run(server, cookie, ['/api/policies?page=1&pageSize=50']);
  loadRow('1. web list policies, page of 50 (for the API)', web, { text: 'reference', ok: web.non2xx + web.errors === 0 });
  const paths = ['/api/v1/policies?limit=50', ...(cursor ? [`/api/v1/policies?limit=50&cursor=${cursor}`] : [])];
  const next = cycle(paths);
  const api = await load({ url: server.url, pid: server.pid, connections: 20, seconds: SECONDS, cookie: '', headers: { authorization: `Bearer ${key}` }, next: () => ({ path: next() }) });
  loadRow('1. GET /api/v1/policies with a key, page of 50', api, {
    text: "p99 ≤ 100 ms; rps ≥ web list's",
    ok: api.p99 <= 100 && api.rps >= web.rps && api.non2xx + api.errors === 0,
  }, `web list (page of 50): ${web.rps.toFixed(0)} rps; API/web ${((api.rps / web.rps) * 100).toFixed(0)} %`);
  log(`  API: ${api.rps.toFixed(0)} rps, p99 ${api.p99} ms; web page of 50: ${web.rps.toFixed(0)} rps, p99 ${web.p99} ms`);
}


/** --only api: a fresh PostgreSQL with the full book (1,000 agencies × 1,000 policies), issue 15's API figure alone. */
export async function apiOnly(pgInfo: Postgres) {
  let server = await pgServer(pgInfo);
  try {
    const confirm = confirmOn(pgInfo, 'enterprise');
    const small = await registerAndSignIn(server.url, 'bench-small@bench.example', confirm);
    const total = SIZE.agencies * SIZE.perAgency;
    log(`seed: ${SIZE.agencies} agencies × ${SIZE.perAgency} policies (${total.toLocaleString('en')}) …`);
    await seedWith(pgInfo, {
        fillerAgencies: SIZE.agencies - 1,
        fillerCustomers: SIZE.customersPerAgency,
        fillerPolicies: SIZE.perAgency,
        targets: [{ agencyId: small.agencyId, ownerId: small.ownerId, customers: SIZE.customersPerAgency, policies: SIZE.perAgency }],
      });
    // a restart, as after a deploy: the pool and caches start cold on the seeded database
    await server.stop();
    server = await pgServer(pgInfo);
    await run(server, small.cookie, ['/api/policies?page=1&pageSize=50'], 20).catch(() => undefined);
    log(`scenario 1: GET /api/v1/policies with a key at ${total.toLocaleString('en')} policies`);
    await apiScenario(server, small.cookie);
  } finally {
    await server.stop();
  }
}
