// Issue 31's two bench rows, `npm run bench -- --only commissions`: a 10,000-line carrier statement
// against a book of 100,000 policies, uploaded as the web app does (preview, then import) and timed
// with the server's memory growth; then the reconciliation view of the month those 10,000 terms
// start in, under the bench's load (20 connections) and at one.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { xlsx, type TestCell } from '#server/test/xlsx.ts';
import { database, log, QUICK, rows, work } from '../context.ts';
import { confirmOn, pgServer, registerAndSignIn, run, seedWith, warmUp } from '../harness.ts';
import { captureStatements, type Postgres, sql } from '../postgres.ts';
import { loadRow } from '../report.ts';
import { cpuMs, cpuSince, cpuSnapshot, sampleRss, type Server } from '../server.ts';

const BOOK = QUICK ? 20_000 : 100_000;
const LINES = QUICK ? 2_000 : 10_000;
/** the month the statement's terms start in: before the seeded book's dates, so it holds only them */
const MONTH = '2024-06';
const PERIOD = '2026-10';
const RATE = '12.5';
const CARRIERS = ['Allianz', 'AXA', 'Zurich', 'Generali', 'State Farm', 'Allstate', 'Progressive', 'Liberty Mutual', 'Nationwide', 'Travelers'];

interface Term {
  number: string;
  name: string;
  premium: string;
  carrier: string;
  /** no other policy of the agency has this insured name and premium */
  unique: boolean;
}

const cents = (s: string) => Math.round(Number(s) * 100);
const money = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
/** premium × 12.5 %, rounded half up as numeric's round does (premiums are positive) */
const expectedOf = (premium: string) => Math.floor((cents(premium) * 125 + 500) / 1000);

/** How the carriers write one number: as it is, lower case, spaced, without dashes, padded. */
function written(number: string, i: number): string {
  switch (i % 5) {
    case 0:
      return number;
    case 1:
      return number.toLowerCase();
    case 2:
      return number.replace('-', ' ');
    case 3:
      return number.replace('-', '');
    default:
      return ` ${number.replace('-', ' - ').toLowerCase()} `;
  }
}

/**
 * The statement's lines, header first: per term of the month one line (of which some by insured name
 * and premium without a number), paid in full, short or over; lines of policies not in the book;
 * a few bad amounts and repeated lines (failures).
 */
export function statementRows(terms: Term[], n: number): string[][] {
  const out: string[][] = [['Policy No', 'Insured', 'Written Premium', 'Comm Amount', 'Stmt Date', 'Trans Type']];
  const unknown = Math.round(n * 0.05);
  const bad = Math.round(n * 0.005);
  const dup = Math.round(n * 0.005);
  const paying = n - unknown - bad - dup;
  const date = (i: number) => `${PERIOD}-${String(1 + (i % 28)).padStart(2, '0')}`;
  for (let i = 0; i < paying; i += 1) {
    const t = terms[i % terms.length];
    const due = expectedOf(t.premium);
    // 70 % in full (some a few cents off, within the tolerance), 15 % short, 15 % over
    const amount = i % 20 < 14 ? due - (i % 3) : i % 20 < 17 ? due - 1500 - (i % 700) : due + 2000 + (i % 500);
    const byName = t.unique && i % 10 === 7;
    out.push([byName ? '' : written(t.number, i), t.name, t.premium, money(amount), date(i), i % 9 === 0 ? 'Renewal' : 'New']);
  }
  for (let i = 0; i < unknown; i += 1) out.push([`ZZ-${String(900000 + i)}`, `Stranger ${i}`, '500.00', '62.50', date(i), 'New']);
  for (let i = 0; i < bad; i += 1) out.push([terms[i].number, terms[i].name, terms[i].premium, 'n/a', date(i), 'New']);
  for (let i = 0; i < dup; i += 1) out.push([...out[1 + i]]);
  return out;
}

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
export const toCsv = (table: string[][]) => table.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';

function toWorkbook(table: string[][]): Uint8Array {
  return xlsx(table.map((r, i): TestCell[] => (i === 0 ? r : [r[0] || null, r[1], { raw: r[2] }, r[3] === 'n/a' ? r[3] : { raw: r[3] }, { date: r[4] }, r[5]])));
}

function form(file: Uint8Array | string, name: string, confirm = false): FormData {
  const fd = new FormData();
  fd.set('carrier', 'Mixed carriers');
  fd.set('period', PERIOD);
  if (confirm) fd.set('confirm', 'true');
  const type = name.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv';
  fd.set('file', new File([typeof file === 'string' ? new TextEncoder().encode(file) : (file as Uint8Array<ArrayBuffer>)], name, { type }));
  return fd;
}

/** One upload (preview or import) timed, with the growth of the server's largest process over its start. */
async function timedUpload(server: Server, cookie: string, path: string, body: FormData) {
  const rss = sampleRss(server.pid);
  const started = performance.now();
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { cookie, origin: server.url }, body });
  const text = await res.text();
  const seconds = (performance.now() - started) / 1000;
  const { peak, growth, pid } = rss.stop();
  return { status: res.status, body: text, seconds, peak, growth, pid };
}

/**
 * The statements one request sends that `pick` keeps, run again under EXPLAIN (ANALYZE, BUFFERS):
 * the plans go to the work folder, their execution times to the log.
 */
async function explain(pgInfo: Postgres, file: string, action: () => Promise<unknown>, pick: (statement: string) => boolean, jitOff = true) {
  const statements = (await captureStatements(pgInfo, async () => void (await action()))).filter(pick);
  const out: string[] = [];
  for (const statement of statements) {
    // as the app runs it: the reconciliation turns JIT off for its transaction (the list does not)
    const results = (await sql(pgInfo.url, `set jit = ${jitOff ? 'off' : 'on'}; explain (analyze, buffers) ${statement}`)) as unknown as { rows: Record<string, string>[] }[];
    const plan = results[results.length - 1].rows.map((r) => r['QUERY PLAN']);
    out.push(statement.length > 4000 ? `${statement.slice(0, 4000)} …` : statement, ...plan, '');
    log(`  plan (${file}): ${plan.filter((l) => /Planning Time|Execution Time/.test(l)).join(', ')}`);
  }
  writeFileSync(path.join(work, file), out.join('\n'));
}

/** The agency's book: BOOK policies, LINES of them moved to start in MONTH, with 12.5 % rates. */
async function prepare(pgInfo: Postgres, server: Server) {
  const who = await registerAndSignIn(server.url, 'bench-commissions@bench.example', confirmOn(pgInfo, 'professional'));
  // other agencies with the same policy numbers (POL-0000001 …): matching must stay in the agency
  await seedWith(pgInfo, {
    fillerAgencies: QUICK ? 5 : 20,
    fillerCustomers: 500,
    fillerPolicies: 1000,
    targets: [{ agencyId: who.agencyId, ownerId: who.ownerId, customers: BOOK / 2, policies: BOOK }],
  });
  await sql(
    pgInfo.url,
    `update policies set start_date = date '${MONTH}-01' + (substr(policy_number, 5)::int % 30), end_date = date '${MONTH}-01' + (substr(policy_number, 5)::int % 30) + 365,
       status = 'expired', cancel_effective_date = null
     where agency_id = $1 and substr(policy_number, 5)::int % ${Math.round(BOOK / LINES)} = 0`,
    [who.agencyId],
  );
  await sql(pgInfo.url, 'analyze policies');
  for (const carrier of CARRIERS)
    for (const line of ['car', 'fire'])
      for (const business of ['new', 'renewal']) {
        const res = await fetch(`${server.url}/api/commissions/rates`, {
          method: 'POST',
          headers: { cookie: who.cookie, origin: server.url, 'content-type': 'application/json' },
          body: JSON.stringify({ carrier, line, business, rate: RATE, effective_from: '2020-01-01' }),
        });
        if (res.status !== 201) throw new Error(`rate: ${res.status} ${await res.text()}`);
      }
  const terms = (
    await sql(
      pgInfo.url,
      `select policy_number as number, customer_name as name, premium_amount::text as premium, insurance_company as carrier,
              count(*) over (partition by lower(btrim(customer_name)), premium_amount) = 1 as unique
         from policies where agency_id = $1
        order by start_date >= date '${MONTH}-01' and start_date < date '${MONTH}-01' + interval '1 month' desc, policy_number
        limit ${LINES}`,
      [who.agencyId],
    )
  ).rows as Term[];
  return { who, terms };
}

/**
 * The policies list's Commission column sorted and filtered by it over the whole book (issue 31):
 * read from the stored terms (commission_terms, migration 0042) on their indexes.
 * Each first page 21 times in turn, timed one by one (a request can take longer than a load
 * run's timeout), with the server's CPU per request; then the plans as the app runs them.
 */
async function listRows(pgInfo: Postgres, server: Server, cookie: string) {
  const book = `${BOOK.toLocaleString('en')} policies`;
  const lists: [string, string][] = [
    [`3. policies list sorted by commission (desc), ${book}`, '/api/policies?sort=commission.desc'],
    [`3. policies list filtered to short-paid, ${book}`, '/api/policies?commission=short_paid'],
    [`3. policies list filtered to no rate, ${book}`, '/api/policies?commission=no_rate'],
    [`3. policies list filtered to unpaid, ${book}`, '/api/policies?commission=unpaid'],
    [`3. policies list sorted by commission (asc), filtered to short-paid, ${book}`, '/api/policies?commission=short_paid&sort=commission.asc'],
  ];
  for (const [scenario, path] of lists) {
    const times: number[] = [];
    const statuses = new Set<number>();
    const cpu = cpuMs(server.pid);
    const dbPid = database.pid?.();
    const db = dbPid ? cpuSnapshot(dbPid) : undefined;
    // 21 in turn (a request is milliseconds now): median, fastest and slowest
    const N = 21;
    for (let i = 0; i < N; i += 1) {
      const started = performance.now();
      const res = await fetch(`${server.url}${path}`, { headers: { cookie } });
      await res.text();
      times.push(performance.now() - started);
      statuses.add(res.status);
    }
    const serverCpu = (cpuMs(server.pid) - cpu) / N;
    const pgCpu = dbPid && db ? cpuSince(dbPid, db) / N : NaN;
    times.sort((a, b) => a - b);
    rows.push({ scenario, rssMb: 0, ok: statuses.size === 1 && statuses.has(200),
      note: `HTTP ${[...statuses].join('/')}; one request at a time: median ${times[N >> 1].toFixed(1)} ms (min ${times[0].toFixed(1)}, max ${times[N - 1].toFixed(1)}); CPU per request: server ${serverCpu.toFixed(1)} ms${Number.isNaN(pgCpu) ? '' : `, PostgreSQL ${pgCpu.toFixed(1)} ms`}; load average ${os.loadavg()[0].toFixed(1)}` });
    log(`  ${scenario}: ${rows.at(-1)!.note}`);
  }
  // the page-and-count statement of each (the stored terms joined, migration 0042), as the app runs it (JIT as configured)
  const plans = ['sorted', 'short-paid', 'no-rate', 'unpaid', 'short-paid-sorted'];
  for (const [i, [, list]] of lists.entries())
    await explain(pgInfo, `commissions-list-${plans[i]}-plan.txt`, () => fetch(`${server.url}${list}`, { headers: { cookie } }).then((res) => res.text()), (st) => /"commission_terms" ct/.test(st) && /order by/.test(st), false);
}

/**
 * The match dialog's search (decision 081): `GET /api/commissions/lines/:id/candidates` for a line the
 * import matched (its insured has about 60 policies in the book) — the suggestions, a number as a
 * carrier prints it, part of a number, a full name, a surname (1 policy in 40), one letter, nothing
 * found — 51 requests each in turn, with the server's and PostgreSQL's CPU per request; then their
 * plans (the two halves of the dialog's order, each from an index).
 */
async function candidateRows(pgInfo: Postgres, server: Server, cookie: string, agencyId: string, terms: Term[]) {
  const book = `${BOOK.toLocaleString('en')} policies`;
  const [line] = (
    await sql(
      pgInfo.url,
      `select l.id::text as id, l.insured_name as insured from commission_lines l
        where l.agency_id = $1 and l.status = 'matched' and l.insured_name is not null order by l.line_no limit 1`,
      [agencyId],
    )
  ).rows as { id: string; insured: string }[];
  const number = terms[4242 % terms.length].number;
  const searches: [string, string][] = [
    ['suggestions (no search)', ''],
    [`a number as printed ("${number.replace('-', ' ').toLowerCase()}")`, number.replace('-', ' ').toLowerCase()],
    [`part of a number ("${number.slice(-4)}")`, number.slice(-4)],
    [`a full name ("${line.insured.toLowerCase()}")`, line.insured.toLowerCase()],
    [`a surname ("${line.insured.split(' ').at(-1)!.toLowerCase()}")`, line.insured.split(' ').at(-1)!.toLowerCase()],
    ['one letter ("a")', 'a'],
    ['nothing found ("zzq xyz")', 'zzq xyz'],
  ];
  const N = 51;
  for (const [what, q] of searches) {
    const path = `/api/commissions/lines/${line.id}/candidates?q=${encodeURIComponent(q)}`;
    const times: number[] = [];
    const statuses = new Set<number>();
    let found = 0;
    const cpu = cpuMs(server.pid);
    const dbPid = database.pid?.();
    const db = dbPid ? cpuSnapshot(dbPid) : undefined;
    for (let i = 0; i < N; i += 1) {
      const started = performance.now();
      const res = await fetch(`${server.url}${path}`, { headers: { cookie } });
      const body = await res.text();
      times.push(performance.now() - started);
      statuses.add(res.status);
      if (res.status === 200) found = (JSON.parse(body) as { candidates: unknown[] }).candidates.length;
    }
    const serverCpu = (cpuMs(server.pid) - cpu) / N;
    const pgCpu = dbPid && db ? cpuSince(dbPid, db) / N : NaN;
    times.sort((a, b) => a - b);
    const p99 = times[Math.ceil(N * 0.99) - 1];
    rows.push({
      scenario: `3. match dialog's search, ${what}, ${book}`,
      p50: Math.round(times[N >> 1] * 10) / 10,
      p99: Math.round(p99 * 10) / 10,
      rssMb: 0,
      target: 'p99 ≤ 50 ms',
      ok: statuses.size === 1 && statuses.has(200) && p99 <= 50,
      note: `HTTP ${[...statuses].join('/')}; ${found} offered; ${N} requests in turn: p50 ${times[N >> 1].toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (min ${times[0].toFixed(1)}); CPU per request: server ${serverCpu.toFixed(1)} ms${Number.isNaN(pgCpu) ? '' : `, PostgreSQL ${pgCpu.toFixed(1)} ms`}; load average ${os.loadavg()[0].toFixed(1)}`,
    });
    log(`  ${rows.at(-1)!.scenario}: ${rows.at(-1)!.note}`);
  }
  for (const [i, [, q]] of searches.entries())
    await explain(pgInfo, `commissions-candidates-${i}-plan.txt`, () => fetch(`${server.url}/api/commissions/lines/${line.id}/candidates?q=${encodeURIComponent(q)}`, { headers: { cookie } }).then((res) => res.text()), (st) => /with terms as/.test(st), false);
}

export async function commissionsOnly(pgInfo: Postgres) {
  const server = await pgServer(pgInfo);
  // PostgreSQL's CPU per request in the list rows
  database.pid = pgInfo.pid;
  try {
    const { who, terms } = await prepare(pgInfo, server);
    const table = statementRows(terms, LINES);
    const csv = toCsv(table);
    log(`commissions: ${LINES.toLocaleString('en')}-line statement (${(csv.length / 1048576).toFixed(1)} MB CSV) against ${BOOK.toLocaleString('en')} policies; load average ${os.loadavg()[0].toFixed(1)}`);
    const target = { text: `≤ 10 s; growth ≤ 50 MB`, ok: (r: { status: number; seconds: number; growth: number }, status: number) => r.status === status && r.seconds <= 10 && r.growth <= 50 };
    const note = (r: { status: number; seconds: number; growth: number; peak: number; pid: number; body: string }, what: string) =>
      `${r.status === 200 || r.status === 201 ? what : `HTTP ${r.status}: ${r.body.slice(0, 160)}`}; ${r.seconds.toFixed(2)} s, memory growth ${r.growth.toFixed(0)} MB (process ${workerOf(r.pid)}, peak RSS ${r.peak.toFixed(0)} MB); load average ${os.loadavg()[0].toFixed(1)}`;
    // which of the server's processes grew, and whether it had served an upload before (a cold one
    // grows its young generation once, kept and reused: the repeated preview below shows the rest)
    const served = new Set<number>();
    const workerOf = (pid: number) => {
      const warm = served.has(pid);
      served.add(pid);
      return `${pid}, ${warm ? 'after an earlier upload' : 'its first upload'}`;
    };

    const preview = await timedUpload(server, who.cookie, '/api/commissions/statements/preview', form(csv, 'statement.csv'));
    const p = preview.status === 200 ? (JSON.parse(preview.body) as { summary: { matched: number; unmatched: number; invalid: number } }) : undefined;
    rows.push({ scenario: `3. statement preview, ${LINES.toLocaleString('en')} lines (CSV) against ${BOOK.toLocaleString('en')} policies`, rssMb: preview.peak, target: target.text, ok: target.ok(preview, 200),
      note: note(preview, `${p?.summary.matched} matched, ${p?.summary.unmatched} not in the book, ${p?.summary.invalid} failed`) });
    log(`  ${rows.at(-1)!.scenario}: ${rows.at(-1)!.note}`);

    const applied = await timedUpload(server, who.cookie, '/api/commissions/statements', form(csv, 'statement.csv'));
    const s = applied.status === 201 ? (JSON.parse(applied.body) as { statement: { id: string; matched: number; unmatched: number; failed: number; amount: string } }).statement : undefined;
    rows.push({ scenario: `3. statement import, ${LINES.toLocaleString('en')} lines (CSV) against ${BOOK.toLocaleString('en')} policies`, rssMb: applied.peak, target: target.text, ok: target.ok(applied, 201),
      note: note(applied, `${s?.matched} matched, ${s?.unmatched} not in the book, ${s?.failed} failed, $${s?.amount}; preview + import ${(preview.seconds + applied.seconds).toFixed(2)} s`) });
    log(`  ${rows.at(-1)!.scenario}: ${rows.at(-1)!.note}`);

    const workbook = toWorkbook(table);
    const xl = await timedUpload(server, who.cookie, '/api/commissions/statements/preview', form(workbook, 'statement.xlsx'));
    const x = xl.status === 200 ? (JSON.parse(xl.body) as { summary: { matched: number } }) : undefined;
    rows.push({ scenario: `3. statement preview, ${LINES.toLocaleString('en')} lines (.xlsx, ${(workbook.length / 1048576).toFixed(1)} MB)`, rssMb: xl.peak, target: target.text, ok: target.ok(xl, 200) && x?.summary.matched === p?.summary.matched,
      note: note(xl, `${x?.summary.matched} matched (the CSV's: ${p?.summary.matched})`) });
    log(`  ${rows.at(-1)!.scenario}: ${rows.at(-1)!.note}`);

    // the same preview again until each of the server's processes has served one before (issue 31:
    // the first upload a process serves also grows its young generation once, which stays and is
    // reused; these rows are the growth of a preview on a process that had served one)
    for (let i = 0; i < 3; i += 1) {
      const again = await timedUpload(server, who.cookie, '/api/commissions/statements/preview', form(csv, 'statement.csv'));
      rows.push({ scenario: `3. statement preview again (${i + 2}), ${LINES.toLocaleString('en')} lines (CSV)`, rssMb: again.peak, target: target.text, ok: target.ok(again, 200), note: note(again, 'the same preview') });
      log(`  ${rows.at(-1)!.scenario}: ${rows.at(-1)!.note}`);
    }

    const month = `/api/commissions?month=${MONTH}`;
    await warmUp(server, who.cookie, [month]);
    const r = await run(server, who.cookie, [month]);
    loadRow(`3. reconciliation of a month with ${LINES.toLocaleString('en')} lines (${BOOK.toLocaleString('en')} policies)`, r, { text: 'p99 ≤ 200 ms', ok: r.p99 <= 200 && r.non2xx + r.errors === 0 }, `load average ${os.loadavg()[0].toFixed(1)}`);
    const one = await run(server, who.cookie, [month], 1);
    loadRow('3. reconciliation of that month, 1 connection', one, undefined, 'no target; the per-request latency without queueing');
    // a page at a time in turn: the agency's kept view is one key, so every request computes the view
    const pages = Array.from({ length: 200 }, (_, i) => `${month}&page=${i + 1}`);
    const computed = await run(server, who.cookie, pages, 1);
    loadRow('3. reconciliation of that month, every request computed (pages in turn), 1 connection', computed, undefined, 'no target; the view as computed, without the kept one');
    // page 2: the first page is the view kept under the book version, which sends no statement
    await explain(pgInfo, 'commissions-reconciliation-plan.txt', () => fetch(`${server.url}${month}&page=2`, { headers: { cookie: who.cookie } }).then((res) => res.text()), (st) => /with terms as/.test(st));
    await explain(pgInfo, 'commissions-matching-plan.txt', () => timedUpload(server, who.cookie, '/api/commissions/statements/preview', form(csv, 'statement.csv')), (st) => /unnest/.test(st));
    await listRows(pgInfo, server, who.cookie);
    await candidateRows(pgInfo, server, who.cookie, who.agencyId, terms);
    if (s) {
      const byStatement = await run(server, who.cookie, [`/api/commissions?statement=${s.id}&state=short_paid`], 1);
      loadRow('3. reconciliation of that statement, short-paid, 1 connection', byStatement, undefined, 'no target; the statement filter');
    }
  } finally {
    database.pid = undefined;
    await server.stop();
  }
}
