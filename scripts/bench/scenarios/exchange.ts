// Scenarios 4 to 4c: the customers CSV export, the full export (zip) and an import of policy rows
// (issue 12); `--only exchange`.
import os from 'node:os';
import { log, QUICK, rows, SIZE } from '../context.ts';
import { confirmOn, getJson, pgServer, registerAndSignIn, seedWith } from '../harness.ts';
import { type Postgres } from '../postgres.ts';
import { cpuMs, sampleRss, type Server } from '../server.ts';

export async function exportScenario(server: Server, cookie: string) {
  const rss = sampleRss(server.pid);
  const started = performance.now();
  const res = await fetch(`${server.url}/api/customers/export`, { headers: { cookie } });
  let lines = 0;
  let bytes = 0;
  let firstByteMs = 0;
  if (res.status === 200 && res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!firstByteMs) firstByteMs = performance.now() - started;
      bytes += value.length;
      for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const { peak, growth } = rss.stop();
  const dataRows = Math.max(0, lines - 1);
  const rowsPerSecond = dataRows / seconds;
  rows.push({
    scenario: '4. CSV export, customers',
    rps: rowsPerSecond,
    errors: res.status === 200 ? '0' : `HTTP ${res.status}`,
    rssMb: peak,
    note: `${dataRows.toLocaleString('en')} rows (${(bytes / 1048576).toFixed(1)} MB) in ${seconds.toFixed(2)} s = ${rowsPerSecond.toFixed(0)} rows/s; first byte ${firstByteMs.toFixed(0)} ms; memory growth ${growth.toFixed(0)} MB`,
    target: '≥ 50,000 rows/s; growth ≤ 50 MB',
    ok: res.status === 200 && dataRows >= SIZE.largeCustomers && rowsPerSecond >= 50_000 && growth <= 50,
  });
  log(`  export: ${rows.at(-1)!.note}`);
}

export async function fullExportScenario(server: Server, cookie: string) {
  const rss = sampleRss(server.pid);
  const started = performance.now();
  const cpuBefore = cpuMs(server.pid);
  const res = await fetch(`${server.url}/api/export`, { headers: { cookie } });
  let bytes = 0;
  if (res.status === 200 && res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const { peak, growth } = rss.stop();
  const cpu = (cpuMs(server.pid) - cpuBefore) / 1000;
  const note = `${SIZE.exportPolicies.toLocaleString('en')} policies (+ ${(SIZE.exportPolicies / 2).toLocaleString('en')} customers, details, activity): ${(bytes / 1048576).toFixed(1)} MB zip in ${seconds.toFixed(2)} s (server CPU ${cpu.toFixed(1)} s, load average ${os.loadavg()[0].toFixed(1)}); memory growth ${growth.toFixed(0)} MB`;
  rows.push({
    scenario: '4b. full export (zip)',
    errors: res.status === 200 ? '0' : `HTTP ${res.status}`,
    rssMb: peak,
    note,
    target: '100,000 policies in ≤ 10 s; growth ≤ 50 MB',
    ok: res.status === 200 && bytes > 0 && seconds <= 10 && growth <= 50,
  });
  log(`  full export: ${note}`);
}

/** A policies CSV of `n` rows for `n / 2` new customers, half car and half fire. */
export function importCsv(n: number): string {
  const header =
    'policy_number,policy_type,insurance_company,customer_name,customer_email,premium_amount,coverage_amount,deductible,start_date,status,vehicle_make,vehicle_model,vehicle_year,vin_number,driver_license,property_address,property_type,construction_year,property_value';
  const lines = [header];
  for (let i = 0; i < n; i += 1) {
    const who = `Imported Customer ${i >> 1},imported${i >> 1}@bench.example`;
    lines.push(
      i % 2
        ? `IMP-${i},fire,Zurich,${who},${(300 + (i % 700)).toFixed(2)},250000,500,2026-01-${String(1 + (i % 28)).padStart(2, '0')},active,,,,,,${i} Import Street,House,1990,300000`
        : `IMP-${i},car,Allianz,${who},${(200 + (i % 900)).toFixed(2)},50000,250,2026-02-${String(1 + (i % 28)).padStart(2, '0')},active,Toyota,Corolla,2020,VIN${i},DL${i},,,,`,
    );
  }
  return lines.join('\r\n') + '\r\n';
}

export async function importScenario(server: Server, cookie: string) {
  const body = new FormData();
  body.set('kind', 'policies');
  body.set('duplicates', 'skip');
  body.set('file', new File([importCsv(SIZE.importRows)], 'bench-import.csv', { type: 'text/csv' }));
  const started = performance.now();
  const res = await fetch(`${server.url}/api/imports`, { method: 'POST', headers: { cookie, origin: server.url }, body });
  let job: { id?: string; status?: string; imported?: number; failed?: number; message?: string | null } = {};
  if (res.status === 202) {
    job = (await res.json()) as typeof job;
    while (job.status === 'running') {
      await new Promise((r) => setTimeout(r, 100));
      job = (await getJson(server, cookie, `/api/imports/${job.id}`)) as typeof job;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const note =
    res.status === 202
      ? `${SIZE.importRows.toLocaleString('en')} rows (${(SIZE.importRows / 2).toLocaleString('en')} new customers): ${job.status}, ${job.imported} imported, ${job.failed} failed in ${seconds.toFixed(1)} s (${(SIZE.importRows / seconds).toFixed(0)} rows/s)`
      : `HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`;
  rows.push({
    scenario: '4c. import, policies with customers',
    note,
    target: '10,000 rows in ≤ 15 s',
    ok: job.status === 'done' && job.imported === SIZE.importRows && seconds <= 15,
  });
  log(`  import: ${note}`);
}


/** --only exchange: a fresh PostgreSQL, issue 12's two figures alone (full export of 100,000 policies, import of 10,000 rows). */
export async function exchangeOnly(pgInfo: Postgres) {
  const server = await pgServer(pgInfo);
  try {
    const confirm = confirmOn(pgInfo, 'enterprise');
    const exporter = await registerAndSignIn(server.url, 'bench-export@bench.example', confirm);
    const importer = await registerAndSignIn(server.url, 'bench-import@bench.example', confirm);
    // other agencies' rows around it, as in a shared database: a plan that leaves the agency shows
    await seedWith(pgInfo, {
      fillerAgencies: QUICK ? 20 : 200,
      fillerCustomers: SIZE.customersPerAgency,
      fillerPolicies: SIZE.perAgency,
      targets: [{ agencyId: exporter.agencyId, ownerId: exporter.ownerId, customers: SIZE.exportPolicies / 2, policies: SIZE.exportPolicies }],
    });
    log(`scenario 4b: full export of ${SIZE.exportPolicies.toLocaleString('en')} policies`);
    await fullExportScenario(server, exporter.cookie);
    log(`scenario 4c: import of ${SIZE.importRows.toLocaleString('en')} policy rows`);
    await importScenario(server, importer.cookie);
  } finally {
    await server.stop();
  }
}
