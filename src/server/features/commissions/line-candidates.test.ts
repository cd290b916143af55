// Issue 31, the match dialog's search (decision 081): the policies offered for a line are read as two
// halves of the dialog's order (the line's insured first, then the newest terms), each from an index.
// Whatever the search — narrow, broad, one letter, none — the list is the same as the rule written
// out here over every policy of the book: matches by number (case, spaces and dashes aside) or
// insured name, or the suggestions (the insured, or the premium at the statement's carrier); the
// line's own policy left out; the insured's policies first, then newest start, then number; ten at most.
// The plans on PostgreSQL: search.pg.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePolicyNumber, type MatchCandidate, type Statement, type StatementLineDetail, type UnmatchedLine } from '#shared/commissions.ts';
import { CANDIDATES_LIMIT } from '#server/entities/commissions/line-match.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { agencyOf, insertTerm, rateBody, statementForm } from './fixtures.ts';

let t: TestContext;
let pro: TestUser;
let agency: string;

interface Term {
  id: string;
  number: string;
  customer: string;
  start: string;
  premium: string;
  carrier: string;
}
const book: Term[] = [];

const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const OTHERS = ['Ben Baker', 'Eve Evans', 'Oscar Olsen', 'Nina Noor', 'Owen Park', 'Lee Stone'];

beforeAll(async () => {
  t = await createTestContext();
  pro = await createUser(t, { tier: 'professional' });
  const other = await createUser(t, { tier: 'professional' });
  agency = await agencyOf(t, pro);
  const add = async (spec: Omit<Term, 'id'>) => {
    const id = await insertTerm(t, agency, { number: spec.number, customer: spec.customer, start: spec.start, premium: spec.premium, carrier: spec.carrier });
    book.push({ id, ...spec });
  };
  // more than ten of the first line's insured (two on one day: then by number), three of the second's
  for (let i = 0; i < 13; i += 1) await add({ number: `OWN-${String(i).padStart(2, '0')}`, customer: 'Olga Own', start: day(i === 7 ? 60 : i * 30), premium: '1000.00', carrier: 'Acme Mutual' });
  for (let i = 0; i < 3; i += 1) await add({ number: `TT-${i}`, customer: 'Tess Three', start: day(100 + i * 90), premium: '1000.00', carrier: 'Acme Mutual' });
  // others, numbers written with spaces, dashes and lower case; some at the third line's premium and carrier (any spelling of it)
  for (let i = 0; i < 24; i += 1)
    await add({
      number: i % 3 === 0 ? `ABC-1${String(i).padStart(2, '0')}` : i % 3 === 1 ? `abc 2${String(i).padStart(2, '0')}` : `Ab-C1 ${String(i).padStart(2, '0')}`,
      customer: OTHERS[i % OTHERS.length],
      start: day(5 + i * 17),
      premium: i % 4 === 0 ? '555.00' : '1000.00',
      carrier: i % 8 === 0 ? ' acme   MUTUAL ' : i % 4 === 0 ? 'Acme Mutual' : 'Other Re',
    });
  // another agency's book with the same numbers and names: never offered
  for (const p of book.slice(0, 20)) await insertTerm(t, await agencyOf(t, other), { number: p.number, customer: p.customer, start: p.start, premium: p.premium, carrier: p.carrier });
  expect((await t.request('/api/commissions/rates', { cookie: pro.cookie, method: 'POST', json: rateBody({ effective_from: '2024-01-01' }) })).status).toBe(201);
});
afterAll(async () => {
  await t.close();
});

interface Line {
  id: string;
  insured: string | null;
  premium: string | null;
  policyId: string | null;
}
const lines: Record<string, Line> = {};

/** The dialog's list by its rule, over the whole book. */
function expected(line: Line, q: string): string[] {
  const search = q.trim();
  const key = normalizePolicyNumber(search);
  const insured = line.insured?.toLowerCase() ?? null;
  const carrierKey = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  const own = (p: Term) => (p.customer.toLowerCase() === insured ? 1 : 0);
  const matches = (p: Term) =>
    search
      ? (key !== '' && normalizePolicyNumber(p.number).includes(key)) || p.customer.toLowerCase().includes(search.toLowerCase())
      : own(p) === 1 || (line.premium !== null && p.premium === line.premium && carrierKey(p.carrier) === carrierKey('Acme Mutual'));
  return book
    .filter((p) => p.id !== line.policyId && matches(p))
    .sort((a, b) => own(b) - own(a) || b.start.localeCompare(a.start) || (a.number < b.number ? -1 : 1))
    .slice(0, CANDIDATES_LIMIT)
    .map((p) => p.id);
}

const offered = async (line: Line, q: string) => {
  const res = await t.request(`/api/commissions/lines/${line.id}/candidates?q=${encodeURIComponent(q)}`, { cookie: pro.cookie });
  expect(res.status).toBe(200);
  return (await json<{ candidates: MatchCandidate[] }>(res)).candidates.map((c) => c.policy_id);
};

describe('the match dialog’s list', () => {
  it('imports the lines: two insured not in the book, one without a name, one the import matched', async () => {
    const csv = [
      'Policy Number,Insured,Premium,Commission,Statement Date',
      'ZZ-1,Olga Own,1000.00,100.00,2026-03-02',
      'ZZ-2,Tess Three,1000.00,100.00,2026-03-03',
      'ZZ-3,,555.00,55.50,2026-03-04',
      'OWN-05,Olga Own,1000.00,100.00,2026-03-05',
    ].join('\n');
    const res = await t.request('/api/commissions/statements', { cookie: pro.cookie, method: 'POST', body: statementForm(csv) });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await json<{ statement: Statement }>(res)).statement).toMatchObject({ matched: 1, unmatched: 3 });
    const unmatched = (await json<{ lines: UnmatchedLine[] }>(await t.request('/api/commissions/unmatched', { cookie: pro.cookie }))).lines;
    for (const l of unmatched) {
      const detail = (await json<{ line: StatementLineDetail }>(await t.request(`/api/commissions/lines/${l.id}`, { cookie: pro.cookie }))).line;
      lines[l.policy_number!] = { id: l.id, insured: detail.insured_name, premium: detail.premium, policyId: detail.policy_id };
    }
    const own05 = book.find((p) => p.number === 'OWN-05')!.id;
    const [matched] = (await json<{ lines: { id: string }[] }>(await t.request(`/api/commissions/policies/${own05}/lines`, { cookie: pro.cookie }))).lines;
    lines['OWN-05'] = { id: matched.id, insured: 'Olga Own', premium: '1000.00', policyId: own05 };
    expect(lines['ZZ-3'].insured).toBeNull();
  });

  it('is the rule’s list for every kind of search, for each line', async () => {
    const searches = ['', 'olga own', 'own', 'OWN-0', 'own 1', 'abc1', 'ab-c 1', 'ABC 10', 'e', 'o', 'ab', 'tess', 'ee', 'nobody', '%', '  ', '-'];
    for (const [name, line] of Object.entries(lines))
      for (const q of searches) expect(await offered(line, q), `${name} "${q}"`).toEqual(expected(line, q));
    // what the rule gives, for the record: the insured's ten newest first (their 13th, 12th … policies), then others
    expect((await offered(lines['ZZ-1'], 'o')).length).toBe(10);
    expect((await offered(lines['ZZ-2'], 'e')).slice(0, 3)).toEqual(book.filter((p) => p.customer === 'Tess Three').reverse().map((p) => p.id));
    expect((await offered(lines['OWN-05'], 'own')).includes(lines['OWN-05'].policyId!)).toBe(false);
  });

});
