// Decision 082: every read of the commission terms — the reconciliation view (each filter, a later
// page), its CSV, the policy page, the policies list's column, the producer report, the reports page's
// commission reports, the dashboard's commission line, /api/v1's commissions and statement lines, and
// the match dialog's candidates — answers from the stored terms (storedTermsSql) exactly what it
// answered computing them from scratch (termsSql), for random books: own rates, schedules (some
// effective after their terms), renewals, cancellations (chargebacks), statements with lines paid in
// full, short, over, not in the book and ignored, receipts, producers and splits, a random tolerance.
// Each request is sent twice, reading the stored terms and then (the module's export switched) the
// computed ones, with a write between that moves the book version and no figure, so no kept answer
// is served the second time.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { agencyMembers, commissionTermSplits, policies } from '#server/db/schema.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { money, random } from '#server/test/random.ts';
import { agencyOf, insertTerm, statementForm } from './fixtures.ts';

const reads = vi.hoisted(() => ({ computed: false, calls: 0 }));
vi.mock(import('#server/entities/commissions/terms.ts'), async (importOriginal) => {
  const m = await importOriginal();
  return {
    ...m,
    storedTermsSql: (...args: Parameters<typeof m.storedTermsSql>) => {
      reads.calls += 1;
      return reads.computed ? m.termsSql(...args) : m.storedTermsSql(...args);
    },
  };
});

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const CARRIERS = ['Acme Mutual', 'Blue Shield', 'Cedar Re'];
const LINES = ['car', 'fire'] as const;
const MONTHS = ['2026-01', '2026-02', '2026-03'];

interface Book {
  agency: string;
  ids: string[];
  statements: string[];
  lines: string[];
}

async function randomBook(seed: number, pro: TestUser): Promise<Book> {
  const rnd = random(seed);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const req = (path: string, init: { method?: string; json?: unknown; body?: FormData } = {}) =>
    t.request(path, { cookie: pro.cookie, ...(init.json !== undefined ? { json: init.json } : {}), ...(init.body ? { body: init.body } : {}), method: init.method ?? 'POST' });
  const agency = await agencyOf(t, pro);
  const cents = () => BigInt(Math.floor(rnd() * 500_000));
  const rate = () => `${Math.floor(rnd() * 20)}.${String(Math.floor(rnd() * 10000)).padStart(4, '0')}`;
  // schedules: some missing, some only from a date after some terms start
  for (const carrier of CARRIERS)
    for (const line of LINES)
      for (const business of ['new', 'renewal']) {
        if (rnd() < 0.2) continue;
        const effective = rnd() < 0.3 ? '2026-02-10' : '2020-01-01';
        expect((await req('/api/commissions/rates', { json: { carrier, line, business, rate: rate(), effective_from: effective } })).status).toBe(201);
      }
  const ids: string[] = [];
  const numbers: string[] = [];
  const count = 15 + Math.floor(rnd() * 15);
  for (let i = 0; i < count; i += 1) {
    const number = `SR${seed}-${i}`;
    const start = `${pick(MONTHS)}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`;
    // a start 80 days ago now and then: the "Over 60 days" group and the aged buckets have rows
    const recent = rnd() < 0.2 ? new Date(Date.now() - 80 * 86_400_000).toISOString().slice(0, 10) : start;
    ids.push(
      await insertTerm(t, agency, {
        number,
        carrier: pick(CARRIERS),
        line: pick(LINES),
        premium: money(cents()),
        start: recent,
        renewedFromId: ids.length && rnd() < 0.3 ? ids[ids.length - 1] : null,
        cancelEffective: rnd() < 0.15 ? `${recent.slice(0, 4)}-0${5 + Math.floor(rnd() * 4)}-15` : null,
      }),
    );
    numbers.push(number);
  }
  // own rates, some cleared again
  for (const id of ids) if (rnd() < 0.2) expect((await req(`/api/commissions/policies/${id}/rate`, { method: 'PUT', json: { rate: rnd() < 0.2 ? null : rate() } })).status).toBe(200);
  // two statements: lines paid in full, short, over, not in the book
  const statements: string[] = [];
  for (const s of [0, 1]) {
    const lines = ['Policy Number,Commission,Statement Date'];
    for (const n of numbers) if (rnd() < 0.3) lines.push(`${n},${rnd() < 0.1 ? '-' : ''}${money(cents() / 10n)},2026-03-0${1 + Math.floor(rnd() * 9)}`);
    lines.push(`NOPE-${seed}-${s}-1,12.00,2026-03-02`, `NOPE-${seed}-${s}-2,13.00,2026-03-02`);
    const res = await req('/api/commissions/statements', { body: statementForm(`${lines.join('\n')}\n`, { carrier: 'Mixed' }, `sr${seed}-${s}.csv`) });
    expect(res.status).toBe(201);
    statements.push((await json<{ statement: { id: string } }>(res)).statement.id);
  }
  // receipts by hand; one line not in the book ignored, one matched by hand
  for (const id of ids) if (rnd() < 0.15) expect((await req('/api/commissions/receipts', { json: { policy_id: id, amount: money(cents() / 10n), received_on: '2026-03-01' } })).status).toBe(201);
  // some unpaid terms paid exactly or a little short (paid in full within a tolerance, or not)
  const terms = (await json<{ terms: Record<string, { expected: string; state: string }> }>(await t.request(`/api/commissions/terms?ids=${ids.join(',')}`, { cookie: pro.cookie }))).terms;
  for (const id of ids) {
    const term = terms[id];
    if (term.state === 'unpaid' && rnd() < 0.5) {
      const amount = (Math.round(Number(term.expected) * 100) - pick([0, 0, 50, 2000])) / 100;
      if (amount !== 0)
        expect((await req('/api/commissions/receipts', { json: { policy_id: id, amount: amount.toFixed(2), received_on: '2026-03-01' } })).status).toBe(201);
    }
  }
  const unmatched = (await json<{ lines: { id: string }[] }>(await t.request('/api/commissions/unmatched', { cookie: pro.cookie }))).lines;
  expect(unmatched.length).toBeGreaterThanOrEqual(2);
  expect((await req(`/api/commissions/lines/${unmatched[0].id}/ignore`, { json: { reason: 'Not ours' } })).status).toBe(200);
  expect((await req(`/api/commissions/lines/${unmatched[1].id}/match`, { json: { policy_id: pick(ids) } })).status).toBe(200);
  // producers: assignees, a second producer's share on some terms, splits per member
  const member = await createUser(t);
  await t.db.insert(agencyMembers).values({ agencyId: agency, userId: member.id, role: 'team_member' });
  for (const id of ids) {
    const assignee = pick([pro.id, member.id, null]);
    await t.db.update(policies).set({ assigneeId: assignee }).where(eq(policies.id, id));
    if (rnd() < 0.3) await t.db.insert(commissionTermSplits).values({ agencyId: agency, policyId: id, producerId: assignee === pro.id ? member.id : pro.id, share: `${10 + Math.floor(rnd() * 80)}.5` });
  }
  for (const id of [pro.id, member.id]) expect((await req(`/api/commissions/producers/${id}`, { method: 'PUT', json: { new_business: '40', renewal: '12.5' } })).status).toBe(200);
  expect((await req('/api/commissions/settings', { method: 'PUT', json: { tolerance: pick(['0.00', '1.00', '25.00']) } })).status).toBe(200);
  return { agency, ids, statements, lines: unmatched.map((l) => l.id) };
}

describe('the commission reads on the stored terms', () => {
  it('answer what the computation from scratch answers, for random books', async () => {
    const seen: Record<string, number> = {};
    for (const seed of [3, 82, 1729]) {
      const pro = await createUser(t, { tier: 'business' });
      const book = await randomBook(seed, pro);
      const key = (await json<{ key: string }>(await t.request('/api/api-keys', { cookie: pro.cookie, json: { name: 'Reads', scopes: { commissions: 'read' } } }))).key;
      const [s1, s2] = book.statements;
      const month = MONTHS[seed % MONTHS.length];
      const app = [
        '/api/commissions',
        `/api/commissions?month=${month}`,
        '/api/commissions?carrier=acme%20mutual',
        '/api/commissions?overdue=1',
        `/api/commissions?statement=${s1}`,
        ...['no_rate', 'unpaid', 'paid', 'short_paid', 'overpaid'].map((s) => `/api/commissions?state=${s}`),
        `/api/commissions?statement=${s2}&state=short_paid`,
        '/api/commissions/csv',
        `/api/commissions/csv?month=${month}&state=unpaid`,
        `/api/commissions/terms?ids=${book.ids.join(',')}`,
        ...book.ids.slice(0, 6).map((id) => `/api/commissions/policies/${id}`),
        '/api/commissions/producer-report',
        `/api/commissions/producer-report?month=${month}`,
        '/api/commissions/producer-report?overdue=1',
        ...['carrier', 'month', 'producer'].map((g) => `/api/reports/commission?group=${g}`),
        '/api/reports/commission?group=carrier&from=2026-02-01&to=2026-03-31&carrier=blue%20shield',
        '/api/reports/commission-aging?x=1',
        `/api/commissions/lines/${book.lines[1]}/candidates?q=SR${seed}`,
        `/api/commissions/lines/${book.lines[0]}/candidates?q=`,
        '/api/dashboard',
      ];
      const api = [
        '/commissions',
        `/commissions?month=${month}&state=short_paid`,
        `/commissions/${book.ids[0]}`,
        ...['all', 'matched', 'not_in_book', 'ignored', 'paid', 'short_paid', 'overpaid', 'unpaid', 'no_rate'].map((s) => `/statements/${s1}/lines?state=${s}`),
        `/statements/${s2}/lines?limit=3`,
      ];
      const answers = async () => {
        const out: Record<string, string> = {};
        for (const path of app) {
          const res = await t.request(path, { cookie: pro.cookie });
          expect(res.status, path).toBe(200);
          // the dashboard: its commission line only (the rest is not the terms')
          out[path] = path === '/api/dashboard' ? JSON.stringify((await json<{ commission: unknown }>(res)).commission) : await res.text();
        }
        for (const path of api) {
          const res = await t.request(`/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
          expect(res.status, path).toBe(200);
          out[`v1 ${path}`] = await res.text();
        }
        return out;
      };
      reads.computed = false;
      reads.calls = 0;
      const stored = await answers();
      // every request above reads the terms through storedTermsSql
      expect(reads.calls).toBeGreaterThanOrEqual(app.length + api.length - 1);
      // a write that moves the book version (the kept views are recomputed) and no commission figure
      await t.db.update(policies).set({ customerPhone: '+1 555 0199' }).where(eq(policies.id, book.ids[0]));
      reads.computed = true;
      reads.calls = 0;
      const computed = await answers();
      reads.computed = false;
      expect(reads.calls).toBeGreaterThanOrEqual(app.length + api.length - 1);
      // JSON compared as values (the ids of /terms are an object's keys, in no order), the CSVs as text
      const parsed = (text: string): unknown => (text.startsWith('{') ? JSON.parse(text) : text);
      for (const path of Object.keys(stored)) expect(parsed(stored[path]), path).toEqual(parsed(computed[path]));
      const states = JSON.parse(stored['/api/commissions']).by_state as Record<string, number>;
      for (const [state, n] of Object.entries(states)) seen[state] = (seen[state] ?? 0) + n;
      expect(JSON.parse(stored['/api/commissions']).total).toBe(book.ids.length);
    }
    // not vacuous: the books had terms in every state
    for (const state of ['no_rate', 'unpaid', 'paid', 'short_paid', 'overpaid']) expect(seen[state], state).toBeGreaterThan(0);
  }, 300_000);
});
