// Issue 31, "Carrier statements and reconciliation", as a bookkeeper uses it: a line whose policy the
// carrier prints under another number is matched by hand from the match dialog's search (number or
// insured), a line the import matched to the wrong policy is moved to the right one, and putting it
// back restores what the import decided; the group "expected but not paid 60 days after the term's
// start" is a filter whose totals tie (expected − received = outstanding) alone and with the others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  COMMISSION_TEXT,
  LINE_TEXT,
  type MatchCandidate,
  type ReconciliationResult,
  type Statement,
  type StatementLineDetail,
  type TermLine,
  type UnmatchedLine,
} from '#shared/commissions.ts';
import type { ProducerReport } from '#shared/commission-splits.ts';
import { TEXT_RULE_TEXT } from '#shared/validation.ts';
import { agencyMembers, session } from '#server/db/schema.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { agencyOf, insertTerm, rateBody, statementForm } from './fixtures.ts';

let t: TestContext;
let pro: TestUser;
let member: TestUser;
let other: TestUser;
let starter: TestUser;
const ids: Record<string, string> = {};

/** a day relative to today (UTC, the test agencies' time zone) */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const period = daysAgo(0).slice(0, 7);

beforeAll(async () => {
  t = await createTestContext();
  pro = await createUser(t, { tier: 'professional', name: 'Bea Bookkeeper' });
  member = await createUser(t, { name: 'Max Member' });
  other = await createUser(t, { tier: 'professional' });
  starter = await createUser(t);
  const agency = await agencyOf(t, pro);
  await t.db.insert(agencyMembers).values({ agencyId: agency, userId: member.id, role: 'team_member' });
  await t.db.update(session).set({ activeAgencyId: agency }).where(eq(session.userId, member.id));
  // 10 % of 1,000.00 = 100.00 expected on each
  ids.right = await insertTerm(t, agency, { number: 'HOME-2001', customer: 'Rita Right', start: daysAgo(90) });
  ids.wrong = await insertTerm(t, agency, { number: 'HOME-2002', customer: 'Walt Wrong', start: daysAgo(90) });
  ids.carrierNumber = await insertTerm(t, agency, { number: 'PD-3003', customer: 'Carla Carrier', start: daysAgo(75) });
  ids.recent = await insertTerm(t, agency, { number: 'NEW-4004', customer: 'Rex Recent', start: daysAgo(10) });
  ids.paid = await insertTerm(t, agency, { number: 'PAID-5005', customer: 'Pam Paid', start: daysAgo(120) });
  ids.short = await insertTerm(t, agency, { number: 'SHORT-6006', customer: 'Sam Short', start: daysAgo(61) });
  ids.foreign = await insertTerm(t, await agencyOf(t, other), { number: 'HOME-2001', customer: 'Rita Right', start: daysAgo(90) });
  expect((await post(pro, '/api/commissions/rates', rateBody({ effective_from: daysAgo(400) }))).status).toBe(201);
});
afterAll(async () => {
  await t.close();
});

const get = (u: TestUser, path: string) => t.request(path, { cookie: u.cookie });
const post = (u: TestUser, path: string, body?: unknown) => t.request(path, { cookie: u.cookie, method: 'POST', json: body });
const reconcile = async (query = '') => json<ReconciliationResult>(await get(pro, `/api/commissions${query}`));
const rowOf = (r: ReconciliationResult, id: string) => r.rows.find((row) => row.policy_id === id);
const candidates = async (lineId: string, q = '') =>
  (await json<{ candidates: MatchCandidate[] }>(await get(pro, `/api/commissions/lines/${lineId}/candidates?q=${encodeURIComponent(q)}`))).candidates;
const lineOf = async (id: string) => (await json<{ line: StatementLineDetail }>(await get(pro, `/api/commissions/lines/${id}`))).line;
const termLines = async (policyId: string) => (await json<{ lines: TermLine[] }>(await get(pro, `/api/commissions/policies/${policyId}/lines`))).lines;

let statement: Statement;
const lineIds: Record<string, string> = {};

describe('a statement line matched by hand', () => {
  it('imports a statement: one line under the wrong number, one under the carrier’s own number', async () => {
    const today = daysAgo(0);
    const csv = [
      'Policy Number,Insured,Premium,Commission,Statement Date',
      // Rita's commission, printed with Walt's number by the carrier: the import pays Walt
      `HOME-2002,Rita Right,1000.00,100.00,${today}`,
      // Carla's policy under the carrier's number: not in the book
      `CAR-99-1,Carla Carrier,1000.00,100.00,${today}`,
      `PAID-5005,Pam Paid,1000.00,100.00,${today}`,
      `SHORT-6006,Sam Short,1000.00,40.00,${today}`,
    ].join('\n');
    const res = await t.request('/api/commissions/statements', { cookie: pro.cookie, method: 'POST', body: statementForm(csv, { period }, 'march.csv') });
    expect(res.status, await res.clone().text()).toBe(201);
    statement = (await json<{ statement: Statement }>(res)).statement;
    expect(statement).toMatchObject({ matched: 3, unmatched: 1, amount: '240.00' });
    lineIds.carla = (await json<{ lines: UnmatchedLine[] }>(await get(pro, '/api/commissions/unmatched'))).lines[0].id;
    lineIds.rita = (await termLines(ids.wrong))[0].id;
    expect(await lineOf(lineIds.rita)).toMatchObject({ status: 'matched', policy_id: ids.wrong, reason: LINE_TEXT.matchedNumber });
  });

  it('offers the agency’s policies: suggestions without a search, then by number (loosely) or insured name, never another agency’s', async () => {
    // suggestions: the line's insured name, or its premium at the statement's carrier
    const suggested = await candidates(lineIds.carla);
    expect(suggested[0]).toMatchObject({ policy_id: ids.carrierNumber, policy_number: 'PD-3003', customer_name: 'Carla Carrier', expected: '100.00', received: '0.00', state: 'unpaid' });
    expect(suggested.length).toBeLessThanOrEqual(10);
    expect((await candidates(lineIds.carla, 'pd 3003')).map((c) => c.policy_number)).toEqual(['PD-3003']);
    expect((await candidates(lineIds.carla, 'carla')).map((c) => c.policy_number)).toEqual(['PD-3003']);
    expect(await candidates(lineIds.carla, 'nobody of that name')).toEqual([]);
    // the other agency's HOME-2001 and Rita are never offered; the policy the line already pays is left out
    expect((await candidates(lineIds.rita, 'home-2001')).map((c) => c.policy_id)).toEqual([ids.right]);
    expect((await candidates(lineIds.rita, 'home')).map((c) => c.policy_id)).toEqual([ids.right]);
    // % and _ are searched as themselves
    expect(await candidates(lineIds.carla, '%')).toEqual([]);
  });

  it('checks the search and the line: each message, another agency’s line is a 404, a lower plan a 403', async () => {
    const long = await get(pro, `/api/commissions/lines/${lineIds.carla}/candidates?q=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect((await json(long)).error.fields).toEqual({ q: COMMISSION_TEXT.searchTooLong });
    const control = await get(pro, `/api/commissions/lines/${lineIds.carla}/candidates?q=a%07b`);
    expect(control.status).toBe(400);
    expect((await json(control)).error.fields).toEqual({ q: TEXT_RULE_TEXT.controlCharacters });
    expect((await get(other, `/api/commissions/lines/${lineIds.carla}/candidates`)).status).toBe(404);
    expect((await json(await get(pro, '/api/commissions/lines/not-an-id/candidates'))).error.message).toBe(COMMISSION_TEXT.lineNotFound);
    expect((await get(starter, `/api/commissions/lines/${lineIds.carla}/candidates`)).status).toBe(403);
    expect((await t.request(`/api/commissions/lines/${lineIds.carla}/candidates`)).status).toBe(401);
    expect((await post(starter, `/api/commissions/lines/${lineIds.carla}/match`, { policy_id: ids.carrierNumber })).status).toBe(403);
    expect((await get(starter, `/api/commissions/policies/${ids.wrong}/lines`)).status).toBe(403);
    // a term's lines: another agency's policy is a 404
    expect((await get(other, `/api/commissions/policies/${ids.wrong}/lines`)).status).toBe(404);
    expect((await json(await get(pro, `/api/commissions/policies/${ids.foreign}/lines`))).error.message).toBe(COMMISSION_TEXT.policyNotFound);
  });

  it('matches a line not in the book to the policy under the agency’s number (a team member may), and puts it back', async () => {
    expect((await post(member, `/api/commissions/lines/${lineIds.carla}/match`, { policy_id: ids.foreign })).status).toBe(404);
    const res = await post(member, `/api/commissions/lines/${lineIds.carla}/match`, { policy_id: ids.carrierNumber });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ ok: true, policy_number: 'PD-3003' });
    expect(await lineOf(lineIds.carla)).toMatchObject({ status: 'matched', policy_id: ids.carrierNumber, reason: 'Matched by hand by Max Member to policy PD-3003.' });
    expect(rowOf(await reconcile(), ids.carrierNumber)).toMatchObject({ received: '100.00', state: 'paid' });
    expect((await termLines(ids.carrierNumber))[0]).toMatchObject({ id: lineIds.carla, matched_by_hand: true, amount: '100.00', statement: { carrier: 'Acme Mutual', period } });
    const after = (await json<{ statements: Statement[] }>(await get(pro, '/api/commissions/statements'))).statements[0];
    expect(after).toMatchObject({ matched: 4, unmatched: 0, amount: '340.00' });
    // put back: not in the book again
    expect((await post(pro, `/api/commissions/lines/${lineIds.carla}/reopen`)).status).toBe(200);
    expect(await lineOf(lineIds.carla)).toMatchObject({ status: 'unmatched', policy_id: null, reason: LINE_TEXT.notInBook });
    expect(rowOf(await reconcile(), ids.carrierNumber)).toMatchObject({ received: '0.00', state: 'unpaid' });
    // an ignored line is not matched until its ignore is undone
    expect((await post(pro, `/api/commissions/lines/${lineIds.carla}/ignore`, { reason: 'Not ours' })).status).toBe(200);
    const ignored = await post(pro, `/api/commissions/lines/${lineIds.carla}/match`, { policy_id: ids.carrierNumber });
    expect(ignored.status).toBe(409);
    expect((await json(ignored)).error.message).toBe(COMMISSION_TEXT.lineIgnoredNotMatchable);
    expect((await post(pro, `/api/commissions/lines/${lineIds.carla}/reopen`)).status).toBe(200);
  });

  it('moves a line the import matched to the wrong policy, and putting it back restores the import’s match', async () => {
    expect(rowOf(await reconcile(), ids.wrong)).toMatchObject({ received: '100.00', state: 'paid' });
    const same = await post(pro, `/api/commissions/lines/${lineIds.rita}/match`, { policy_id: ids.wrong });
    expect(same.status).toBe(409);
    expect((await json(same)).error.message).toBe(COMMISSION_TEXT.lineAlreadyPays('HOME-2002'));
    expect((await post(pro, `/api/commissions/lines/${lineIds.rita}/match`, { policy_id: ids.right })).status).toBe(200);
    let view = await reconcile();
    expect(rowOf(view, ids.right)).toMatchObject({ received: '100.00', state: 'paid' });
    expect(rowOf(view, ids.wrong)).toMatchObject({ received: '0.00', state: 'unpaid', overdue: true });
    expect(await lineOf(lineIds.rita)).toMatchObject({ policy_id: ids.right, reason: 'Matched by hand by Bea Bookkeeper to policy HOME-2001.' });
    expect(await termLines(ids.wrong)).toEqual([]);
    // the statement's counts do not move: the line was matched and still is
    expect((await json<{ statements: Statement[] }>(await get(pro, '/api/commissions/statements'))).statements[0]).toMatchObject({ matched: 3, unmatched: 1, amount: '240.00' });
    // a second move keeps the import's decision to come back to
    expect((await post(pro, `/api/commissions/lines/${lineIds.rita}/match`, { policy_id: ids.recent })).status).toBe(200);
    expect((await post(pro, `/api/commissions/lines/${lineIds.rita}/reopen`)).status).toBe(200);
    expect(await lineOf(lineIds.rita)).toMatchObject({ status: 'matched', policy_id: ids.wrong, reason: LINE_TEXT.matchedNumber });
    view = await reconcile();
    expect(rowOf(view, ids.wrong)).toMatchObject({ received: '100.00', state: 'paid' });
    expect(rowOf(view, ids.right)).toMatchObject({ received: '0.00', state: 'unpaid' });
    expect((await termLines(ids.wrong))[0]).toMatchObject({ id: lineIds.rita, matched_by_hand: false });
    // then a move again, kept for the rest of the file
    expect((await post(pro, `/api/commissions/lines/${lineIds.rita}/match`, { policy_id: ids.right })).status).toBe(200);

    const log = JSON.stringify(await json(await get(pro, '/api/activity?kind=payment')));
    expect(log).toContain('Matched the statement line of CAR-99-1 ($100.00) to policy PD-3003');
    expect(log).toContain('Matched the statement line of HOME-2002 ($100.00) to policy HOME-2001 (it paid policy HOME-2002)');
    expect(log).toContain('Put the statement line of HOME-2002 ($100.00) back on policy HOME-2002, as the import matched it');
  });
});

describe('expected but not paid 60 days after the term’s start', () => {
  it('is a group of the view with its count and amount, and a filter whose totals tie', async () => {
    const all = await reconcile();
    // unpaid: HOME-2002 (90 days), PD-3003 (75); short-paid: SHORT-6006 (61); not yet: NEW-4004 (10 days); paid: the rest
    const late = [ids.wrong, ids.carrierNumber, ids.short];
    expect(all.overdue).toEqual({ terms: 3, expected: '300.00', received: '40.00', difference: '260.00' });
    const only = await reconcile('?overdue=1');
    expect(only.rows.map((r) => r.policy_id).sort()).toEqual([...late].sort());
    expect(only.rows.every((r) => r.overdue)).toBe(true);
    expect(only.totals).toEqual({ terms: 3, expected: '300.00', received: '40.00', difference: '260.00' });
    // counts per state stay those of the other filters, so the group can be left for a state
    expect(only.by_state).toEqual(all.by_state);
    expect(rowOf(all, ids.recent)).toMatchObject({ state: 'unpaid', overdue: false });
    // with a state, a carrier, the statement, a month: each ties
    for (const query of ['?overdue=1&state=short_paid', '?overdue=true&carrier=ACME%20MUTUAL', `?overdue=1&statement=${statement.id}`, `?overdue=1&month=${daysAgo(61).slice(0, 7)}`]) {
      const r = await reconcile(query);
      expect(Number(r.totals.expected) - Number(r.totals.received)).toBeCloseTo(Number(r.totals.difference), 2);
      expect(r.rows.every((row) => late.includes(row.policy_id))).toBe(true);
      const sums = r.rows.reduce((s, row) => s + Math.round(Number(row.difference) * 100), 0);
      expect(sums).toBe(Math.round(Number(r.totals.difference) * 100));
      // the aging buckets add up to the total too
      expect(Object.values(r.aging).reduce((s, v) => s + Math.round(Number(v) * 100), 0)).toBe(sums);
    }
    expect((await reconcile('?overdue=1&state=short_paid')).totals).toMatchObject({ terms: 1, difference: '60.00' });
    // the statement paid SHORT-6006 short: the only late term the statement touches
    expect((await reconcile(`?overdue=1&statement=${statement.id}`)).rows.map((r) => r.policy_number)).toEqual(['SHORT-6006']);
    // anything but 1 or true is no filter
    expect((await reconcile('?overdue=yes')).total).toBe(all.total);
    // the CSV and the producer report read the same filter
    const csv = await (await get(pro, '/api/commissions/csv?overdue=1')).text();
    expect(csv.trim().split('\n')).toHaveLength(1 + 3 + 1);
    expect(csv.trim().split('\n').at(-1)).toBe('Total,,,,,,,,,,,300.00,40.00,260.00,');
    const producers = await json<ProducerReport>(await get(pro, '/api/commissions/producer-report?overdue=1'));
    expect(producers.totals).toMatchObject({ terms: 3, expected: '300.00', received: '40.00', difference: '260.00' });
  });
});
