// Scenarios 5 and 6 on PGlite: the embedded database with its book seeded, cold start, list and search.
import path from 'node:path';
import { openPglite } from '#server/db/client.ts';
import { sessionCookie } from '#server/test/factories.ts';
import { BUILD, log, notes, PORTS, QUICK, rows, SECONDS, SIZE, work } from '../context.ts';
import { confirmFromOutbox, getJson, median, registerAndSignIn } from '../harness.ts';
import { cycle, load } from '../load.ts';
import { loadRow } from '../report.ts';
import { SEARCH_TERMS, seed } from '../seed.ts';
import { startServer } from '../server.ts';

export async function pgliteScenarios() {
  log(`scenario 5: PGlite with ${SIZE.pglite.toLocaleString('en')} policies`);
  const dataDir = path.join(work, 'pglite-data');
  const serverLog = path.join(work, 'server-pglite.log');
  let server = await startServer({ buildDir: BUILD, port: PORTS.pglite, dataDir, logFile: serverLog });
  log(`server: production build on a new PGlite folder, healthy after ${server.startMs.toFixed(0)} ms`);
  const user = await registerAndSignIn(server.url, 'bench-pglite@bench.example', (email) => confirmFromOutbox(server, dataDir, email));
  await server.stop();
  // The server is stopped: the folder is ours (PGlite has no lock between processes).
  const db = await openPglite(path.join(dataDir, 'db'));
  const seedStarted = performance.now();
  await seed(
    (text) => db.pglite!.exec(text),
    async <T,>(text: string) => (await db.pglite!.query<T>(text)).rows,
    { fillerAgencies: 0, fillerCustomers: 0, fillerPolicies: 0, targets: [{ agencyId: user.agencyId, ownerId: user.ownerId, customers: SIZE.pglite / 2, policies: SIZE.pglite }] },
    log,
  );
  await db.close();
  notes.push(`PGlite seeding of ${SIZE.pglite.toLocaleString('en')} policies took ${((performance.now() - seedStarted) / 1000).toFixed(0)} s.`);

  const coldPglite = await median(3, async () => {
    const s = await startServer({ buildDir: BUILD, port: PORTS.pglite, dataDir, logFile: serverLog });
    await s.stop();
    return s.startMs;
  });
  rows.push({ scenario: '6. cold start → healthy, existing PGlite folder', note: `${coldPglite.toFixed(0)} ms (median of 3, compiled JS)`, target: '≤ 2000 ms', ok: coldPglite <= 2000 });
  log(`  cold start on PGlite: ${coldPglite.toFixed(0)} ms`);
  server = await startServer({ buildDir: BUILD, port: PORTS.pglite, dataDir, logFile: serverLog });
  const signIn = await fetch(`${server.url}/api/account/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const cookie = sessionCookie(signIn);
  // PGlite answers one query at a time: runs need a few seconds more before 20 queued requests drain.
  const pgliteRun = (paths: string[]) => {
    const next = cycle(paths);
    return load({ url: server.url, pid: server.pid, connections: 20, seconds: Math.max(SECONDS, QUICK ? 6 : 10), cookie, next: () => ({ path: next() }) });
  };
  if (!QUICK) await pgliteRun(['/api/policies?page=1&pageSize=25']).catch(() => undefined);
  const p1 = await pgliteRun(['/api/policies?page=1&pageSize=25']);
  loadRow('5. PGlite: list policies, page 1', p1, undefined, 'embedded: one connection per process, queries queue');
  const ps = await pgliteRun(SEARCH_TERMS.map((t) => `/api/policies?page=1&pageSize=25&search=${t}`));
  loadRow('5. PGlite: 3-letter search', ps);
  // each term alone, one request at a time: a slow term shows here, not in the mix above
  const perTerm: string[] = [];
  for (const term of SEARCH_TERMS) {
    const started = performance.now();
    const page = await getJson(server, cookie, `/api/policies?page=1&pageSize=25&search=${term}`).catch(() => null);
    perTerm.push(`${term} ${(performance.now() - started).toFixed(0)} ms (${page?.totalIsEstimate ? 'about ' : ''}${page?.total ?? '?'})`);
  }
  notes.push(`PGlite search, each term alone: ${perTerm.join(', ')}.`);
  log(`  PGlite search, each term alone: ${perTerm.join(', ')}`);
  await server.stop();
}
