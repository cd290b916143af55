// Scenario 3: creates with an auto-created customer, and 3b: never a row over a limit under
// concurrency; `--only creates`.
import { carPolicyPayload } from '#server/test/factories.ts';
import { log, rows, SECONDS, SIZE } from '../context.ts';
import { confirmOn, pgServer, registerAndSignIn, seedWith, settle, warmUp } from '../harness.ts';
import { load } from '../load.ts';
import { type Postgres, sql } from '../postgres.ts';
import { fmt, loadRow } from '../report.ts';
import { type Server } from '../server.ts';

export function policyBody(n: number, tag: string) {
  return JSON.stringify(
    carPolicyPayload({
      customer_name: `Created Customer ${tag}${n}`,
      customer_email: `created-${tag}${n}@bench.example`,
      customer_phone: '+1 555 0100',
      policy_number: `NEW-${tag}${n}`,
      insurance_company: 'Allianz',
      premium_amount: '1200.00',
      coverage_amount: '50000.00',
      deductible: '500.00',
      start_date: '2026-01-15',
      car_details: {
        vehicle_make: 'Toyota',
        vehicle_model: 'Corolla',
        vehicle_year: 2022,
        vin_number: `VIN${tag}${n}`.slice(0, 17),
        driver_license: `DL${n}`,
        coverage_type: 'comprehensive',
      },
    }),
  );
}


/** 3. Creates with an auto-created customer (10 concurrent, enterprise: no limit), then 3b: never a row over a limit. */
export async function createsScenario(server: Server, pgInfo: Postgres, creator: { cookie: string; agencyId: string }, limited: { cookie: string; agencyId: string }) {
  // 3. Creates with an auto-created customer, 10 concurrent, enterprise (no limit).
  log('scenario 3: create policy with a new customer (10 connections)');
  let n = 0;
  const tag = Date.now().toString(36);
  const s3 = await load({
    url: server.url,
    pid: server.pid,
    dbPid: pgInfo.pid(),
    connections: 10,
    seconds: SECONDS,
    cookie: creator.cookie,
    method: 'POST',
    next: () => ({ path: '/api/policies', body: policyBody(++n, tag) }),
  });
  const created = await sql(pgInfo.url, 'select (select count(*) from policies where agency_id = $1)::int as p, (select count(*) from customers where agency_id = $1)::int as c', [creator.agencyId]);
  const { p: createdPolicies, c: createdCustomers } = created.rows[0] as { p: number; c: number };
  loadRow('3. create policy + new customer', s3, { text: '≥ 300/s, 0 errors', ok: s3.rps >= 300 && s3.errors + s3.non2xx === 0 },
    `${createdPolicies} policies and ${createdCustomers} customers written; PostgreSQL CPU ${fmt(s3.dbCpuMsPerRequest, 1)} ms per create`);

  // 3b. Never a row over a limit: a professional agency (100 policies) gets 150 concurrent creates.
  const limits = (await sql(pgInfo.url, `select max_policies, max_clients from subscription_limits where tier_name = 'professional'`)).rows[0] as { max_policies: number; max_clients: number };
  let m = 0;
  const limitTag = `${tag}L`;
  const limitRun = await load({
    url: server.url,
    pid: server.pid,
    connections: 10,
    seconds: SECONDS,
    cookie: limited.cookie,
    method: 'POST',
    next: () => ({ path: '/api/policies', body: policyBody(++m, limitTag) }),
  });
  const stored = (await sql(pgInfo.url, 'select (select count(*) from policies where agency_id = $1)::int as p, (select count(*) from customers where agency_id = $1)::int as c', [limited.agencyId])).rows[0] as { p: number; c: number };
  // Each create also makes a customer, so whichever limit is lower is reached first, exactly.
  const reached = stored.p === limits.max_policies || stored.c === limits.max_clients;
  const within = stored.p <= limits.max_policies && stored.c <= limits.max_clients;
  rows.push({
    scenario: '3. limits under concurrency (professional plan)',
    note: `${limitRun.requests} creates at 10 concurrent: ${stored.p} policies (limit ${limits.max_policies}) and ${stored.c} customers (limit ${limits.max_clients}) stored; ${limitRun.requests - limitRun.non2xx} accepted, ${limitRun.non2xx} refused (${Object.entries(limitRun.statusCodes).map(([k, v]) => `${v}×${k}`).join(' ')})`,
    target: 'never over a limit',
    ok: within && reached,
  });
  log(`  limit check: ${stored.p} policies / ${stored.c} customers stored (limits ${limits.max_policies} / ${limits.max_clients})`);
}


/** --only creates: a fresh PostgreSQL with the full run's 1,000 filler agencies (their indexes are what an insert updates), scenarios 3 and 3b alone. */
export async function createsOnly(pgInfo: Postgres) {
  let server = await pgServer(pgInfo);
  try {
    const confirm = (tier: string) => confirmOn(pgInfo, tier);
    const creator = await registerAndSignIn(server.url, 'bench-create@bench.example', confirm('enterprise'));
    const limited = await registerAndSignIn(server.url, 'bench-limited@bench.example', confirm('professional'));
    await seedWith(pgInfo, { fillerAgencies: SIZE.agencies, fillerCustomers: SIZE.customersPerAgency, fillerPolicies: SIZE.perAgency, targets: [] });
    // restarted on the seeded database, as the full run does
    await server.stop();
    server = await pgServer(pgInfo);
    await settle();
    // warm up (JIT, pool) on the list page, so the creates' own run starts hot as in the full run
    await warmUp(server, creator.cookie, ['/api/policies?page=1&pageSize=25']);
    await createsScenario(server, pgInfo, creator, limited);
  } finally {
    await server.stop();
  }
}
