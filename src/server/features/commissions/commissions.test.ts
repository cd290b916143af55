import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMISSION_TEXT, LINE_TEXT, STATEMENT_MISSING, type ReconciliationResult, type StatementPreview } from '#shared/commissions.ts';
import { DATE_TEXT } from '#shared/money.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { xlsx } from '#server/test/xlsx.ts';
import { CORRECT_FIELDS } from '#server/http.ts';
import { commissionLines } from '#server/db/schema.ts';
import { agencyOf, insertTerm, rateBody, statementForm } from './fixtures.ts';

let t: TestContext;
let pro: TestUser;
let other: TestUser;
let starter: TestUser;
let agency: string;
let otherAgency: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext();
  pro = await createUser(t, { tier: 'professional' });
  other = await createUser(t, { tier: 'professional' });
  starter = await createUser(t);
  agency = await agencyOf(t, pro);
  otherAgency = await agencyOf(t, other);
  ids.paid = await insertTerm(t, agency, { number: 'ACM-100', premium: '1200.00', start: '2026-02-01' });
  ids.short = await insertTerm(t, agency, { number: 'ACM-101', carrier: ' acme   mutual', premium: '999.99', start: '2026-02-10' });
  ids.fire = await insertTerm(t, agency, { number: 'ACM-102', line: 'fire', premium: '500.00', start: '2026-02-15' });
  ids.old = await insertTerm(t, agency, { number: 'ACM-103', premium: '800.00', start: '2025-12-01' });
  ids.renewal = await insertTerm(t, agency, { number: 'ACM-104', premium: '1000.00', start: '2026-02-20', renewedFromId: ids.old });
  ids.named = await insertTerm(t, agency, { number: 'ACM-105', premium: '640.00', start: '2026-02-05', customer: 'Nina Named' });
  ids.foreign = await insertTerm(t, otherAgency, { number: 'OTH-900', premium: '5000.00', start: '2026-02-01' });
});
afterAll(async () => {
  await t.close();
});

const get = (u: TestUser, path: string) => t.request(path, { cookie: u.cookie });
const post = (u: TestUser, path: string, body?: unknown) => t.request(path, { cookie: u.cookie, method: 'POST', json: body });
const upload = (u: TestUser, path: string, form: FormData) => t.request(path, { cookie: u.cookie, method: 'POST', body: form });
const reconcile = async (u: TestUser, query = '') => json<ReconciliationResult>(await get(u, `/api/commissions${query}`));
const rowOf = (r: ReconciliationResult, id: string) => r.rows.find((row) => row.policy_id === id)!;

describe('commissions: access', () => {
  it('is refused to a Starter agency (403 by tier) and to a visitor (401)', async () => {
    for (const path of ['/api/commissions', '/api/commissions/rates', '/api/commissions/statements']) {
      const res = await get(starter, path);
      expect(res.status).toBe(403);
      expect((await json(res)).error.code).toBe('DENIED_TIER');
      expect((await t.request(path)).status).toBe(401);
    }
    expect((await post(starter, '/api/commissions/rates', rateBody())).status).toBe(403);
  });
});

describe('commission schedules and expected commission', () => {
  it('checks every field of a rate with its message', async () => {
    const res = await post(pro, '/api/commissions/rates', {});
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error.message).toBe(CORRECT_FIELDS);
    expect(body.error.fields).toEqual({
      carrier: COMMISSION_TEXT.carrierRequired,
      line: COMMISSION_TEXT.lineRequired,
      business: COMMISSION_TEXT.businessRequired,
      rate: COMMISSION_TEXT.rateRequired,
      effective_from: COMMISSION_TEXT.effectiveRequired,
    });
    for (const rate of ['abc', '100.5', '-1', '12.34567'])
      expect((await json(await post(pro, '/api/commissions/rates', rateBody({ rate })))).error.fields).toEqual({ rate: COMMISSION_TEXT.rateInvalid });
    expect((await json(await post(pro, '/api/commissions/rates', rateBody({ line: 'boat' })))).error.fields).toEqual({ line: COMMISSION_TEXT.lineRequired });
    expect((await json(await post(pro, '/api/commissions/rates', rateBody({ effective_from: '2026-02-30' })))).error.fields).toEqual({ effective_from: DATE_TEXT.invalid });
    expect((await post(pro, '/api/commissions/rates', rateBody({ carrier: 'x\u0000y' }))).status).toBe(400);
  });

  it('sets rates; a term without one reads "No rate"; the rate of its start date applies; a policy can override it', async () => {
    const created = await post(pro, '/api/commissions/rates', rateBody({ rate: '10%' }));
    expect(created.status).toBe(201);
    expect((await json(created)).rate).toMatchObject({ carrier: 'Acme Mutual', line: 'car', business: 'new', rate: '10.0000', effective_from: '2026-01-01' });
    const again = await post(pro, '/api/commissions/rates', rateBody({ carrier: 'ACME MUTUAL' }));
    expect(again.status).toBe(409);
    expect((await json(again)).error.message).toBe(COMMISSION_TEXT.rateExists);
    expect((await post(pro, '/api/commissions/rates', rateBody({ business: 'renewal', rate: '7.5' }))).status).toBe(201);

    const r = await reconcile(pro);
    expect(rowOf(r, ids.paid)).toMatchObject({ rate: '10.0000', written: '120.00', expected: '120.00', received: '0.00', difference: '120.00', state: 'unpaid' });
    // the carrier's name is compared without case or extra spaces; 999.99 × 10 % rounds to the cent
    expect(rowOf(r, ids.short)).toMatchObject({ expected: '100.00', state: 'unpaid' });
    expect(rowOf(r, ids.fire)).toMatchObject({ rate: null, expected: '0.00', state: 'no_rate' });
    // before the rate's date: no rate; a renewal takes the renewal rate
    expect(rowOf(r, ids.old)).toMatchObject({ rate: null, state: 'no_rate' });
    expect(rowOf(r, ids.renewal)).toMatchObject({ business: 'renewal', rate: '7.5000', expected: '75.00' });
    expect(r.by_state.no_rate).toBe(2);
    const noRate = await reconcile(pro, '?state=no_rate');
    expect(noRate.rows.map((row) => row.policy_number).sort()).toEqual(['ACM-102', 'ACM-103']);

    // a later rate applies to terms starting on or after its date only
    expect((await post(pro, '/api/commissions/rates', rateBody({ rate: '12', effective_from: '2026-02-10' }))).status).toBe(201);
    const later = await reconcile(pro);
    expect(rowOf(later, ids.paid).expected).toBe('120.00');
    expect(rowOf(later, ids.short)).toMatchObject({ rate: '12.0000', expected: '120.00' });

    // the policy's own rate
    const put = (id: string, rate: unknown) => t.request(`/api/commissions/policies/${id}/rate`, { cookie: pro.cookie, method: 'PUT', json: { rate } });
    expect((await json(await put(ids.fire, 'lots'))).error.fields).toEqual({ rate: COMMISSION_TEXT.rateInvalid });
    expect((await put(ids.fire, '15')).status).toBe(200);
    const own = (await json(await get(pro, `/api/commissions/policies/${ids.fire}`))).commission;
    expect(own).toMatchObject({ rate: '15.0000', rate_overridden: true, expected: '75.00', state: 'unpaid' });
    expect((await put(ids.short, '10')).status).toBe(200);
    expect((await put(ids.short, null)).status).toBe(200);
    expect(rowOf(await reconcile(pro), ids.short).expected).toBe('120.00');
  });

  it('another agency sees none of it and reaches none of it (404)', async () => {
    const theirs = await reconcile(other);
    expect(theirs.rows.map((r) => r.policy_number)).toEqual(['OTH-900']);
    expect(theirs.rows[0].state).toBe('no_rate');
    expect((await json(await get(other, '/api/commissions/rates'))).rates).toEqual([]);
    const [rate] = (await json(await get(pro, '/api/commissions/rates'))).rates;
    expect((await t.request(`/api/commissions/rates/${rate.id}`, { cookie: other.cookie, method: 'DELETE' })).status).toBe(404);
    expect((await t.request(`/api/commissions/policies/${ids.paid}/rate`, { cookie: other.cookie, method: 'PUT', json: { rate: '50' } })).status).toBe(404);
    expect((await get(other, `/api/commissions/policies/${ids.paid}`)).status).toBe(404);
    expect((await get(pro, `/api/commissions/policies/${ids.foreign}`)).status).toBe(404);
    expect((await post(other, '/api/commissions/receipts', { policy_id: ids.paid, amount: '10', received_on: '2026-03-01' })).status).toBe(404);
    expect((await get(pro, '/api/commissions/rates/not-a-uuid')).status).toBe(404);
  });
});

const HEADER = 'Policy No,Insured,Premium,Commission,Stmt Date,Type\n';
const STATEMENT =
  HEADER +
  [
    'ACM-100,Insured ACM-100,1200.00,120.00,2026-03-05,New', // paid in full
    'acm 101,Insured ACM-101,999.99,90.00,2026-03-05,New', // short by 30.00 (the number normalised)
    ',Nina Named,640.00,64.00,2026-03-06,New', // matched on the name and premium
    'OTH-900,Someone Else,5000.00,500.00,2026-03-05,New', // another agency's number: not in this book
    'ZZZ-1,Nobody,100.00,10.00,2026-03-05,New', // not in the book
    'ACM-104,Insured ACM-104,1000.00,abc,2026-03-05,New',
    'ACM-104,Insured ACM-104,-1000.00,75.00,2026-03-05,New',
    'ACM-104,Insured ACM-104,1000.00,75.00,2026-04-01,New',
    'ACM-104,Insured ACM-104,1000.00,75.00,,New',
    'ACM-104,Insured ACM-104,1000.00,,2026-03-05,New',
    'ACM-100,Insured ACM-100,1200.00,120.00,2026-03-05,New', // the first line again
    ',,,5.00,2026-03-05,New',
  ].join('\n') +
  '\n';

describe('carrier statements', () => {
  let statementId: string;

  it('previews every line with its reason, and never matches another agency’s policy', async () => {
    const res = await upload(pro, '/api/commissions/statements/preview', statementForm(STATEMENT));
    expect(res.status).toBe(200);
    const p = await json<StatementPreview>(res);
    expect(p.missing).toEqual([]);
    expect(p.summary).toEqual({ matched: 3, unmatched: 2, invalid: 7 });
    expect(p.amount).toBe('274.00');
    expect(p.lines.map((l) => [l.line, l.status, l.reason])).toEqual([
      [2, 'matched', LINE_TEXT.matchedNumber],
      [3, 'matched', LINE_TEXT.matchedNumber],
      [4, 'matched', LINE_TEXT.matchedName],
      [5, 'unmatched', LINE_TEXT.notInBook],
      [6, 'unmatched', LINE_TEXT.notInBook],
      [7, 'invalid', LINE_TEXT.amountNotNumber('abc')],
      [8, 'invalid', LINE_TEXT.negativePremium],
      [9, 'invalid', LINE_TEXT.outsidePeriod('2026-04-01', '2026-03')],
      [10, 'invalid', LINE_TEXT.missingDate],
      [11, 'invalid', LINE_TEXT.missingAmount],
      [12, 'duplicate', LINE_TEXT.duplicateLine(2)],
      [13, 'invalid', LINE_TEXT.missingNumber],
    ]);
    expect(p.duplicate_of).toBeNull();
  });

  it('checks the form: carrier, month, a missing column', async () => {
    const res = await upload(pro, '/api/commissions/statements/preview', statementForm(STATEMENT, { carrier: '', period: '2026-13' }));
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toEqual({ carrier: COMMISSION_TEXT.carrierRequired, period: COMMISSION_TEXT.periodInvalid });
    expect((await json(await upload(pro, '/api/commissions/statements/preview', statementForm(STATEMENT, { period: undefined })))).error.fields).toEqual({
      period: COMMISSION_TEXT.periodRequired,
    });
    const noAmount = 'Policy No,Insured,Stmt Date\nACM-100,X,2026-03-05\n';
    const previewed = await json<StatementPreview>(await upload(pro, '/api/commissions/statements/preview', statementForm(noAmount)));
    expect(previewed.missing).toEqual(['Commission amount']);
    const refused = await upload(pro, '/api/commissions/statements', statementForm(noAmount));
    expect(refused.status).toBe(400);
    expect((await json(refused)).error).toMatchObject({ code: 'MAPPING_INCOMPLETE', message: STATEMENT_MISSING(['Commission amount']) });
    const bad = await upload(pro, '/api/commissions/statements', statementForm('Policy No,Commission,Date\nACM-100,x,2026-03-05\n'));
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toBe(COMMISSION_TEXT.noLines);
    const binary = await upload(pro, '/api/commissions/statements/preview', statementForm(new Uint8Array([0, 1, 2, 3, 0, 5])));
    expect(binary.status).toBe(400);
  });

  it('imports: paid, short-paid and the rest reconciled; the totals tie; the failures file lists the bad lines', async () => {
    const res = await upload(pro, '/api/commissions/statements', statementForm(STATEMENT, {}, 'march.csv'));
    expect(res.status).toBe(201);
    const { statement } = await json(res);
    statementId = statement.id;
    expect(statement).toMatchObject({ carrier: 'Acme Mutual', period: '2026-03', file_name: 'march.csv', status: 'applied', matched: 3, unmatched: 2, failed: 7, amount: '274.00' });
    const r = await reconcile(pro);
    expect(rowOf(r, ids.paid)).toMatchObject({ expected: '120.00', received: '120.00', difference: '0.00', state: 'paid' });
    expect(rowOf(r, ids.short)).toMatchObject({ expected: '120.00', received: '90.00', difference: '30.00', state: 'short_paid' });
    expect(rowOf(r, ids.named)).toMatchObject({ expected: '64.00', received: '64.00', state: 'paid' });
    const cents = (s: string) => Math.round(Number(s) * 100);
    expect(cents(r.totals.expected) - cents(r.totals.received)).toBe(cents(r.totals.difference));
    for (const c of r.by_carrier) expect(cents(c.expected) - cents(c.received)).toBe(cents(c.difference));
    expect((await reconcile(pro, '?state=short_paid')).rows.map((row) => row.policy_number)).toEqual(['ACM-101']);
    expect((await reconcile(pro, `?statement=${statementId}`)).total).toBe(3);
    const theirs = await reconcile(other);
    expect(theirs.totals.received).toBe('0.00');

    const failures = await get(pro, `/api/commissions/statements/${statementId}/failures`);
    expect(failures.headers.get('content-type')).toContain('text/csv');
    const text = await failures.text();
    expect(text.split('\r\n')[0]).toBe('Line,Policy No,Insured,Premium,Commission,Stmt Date,Type,Reason');
    expect(text).toContain(`7,ACM-104,Insured ACM-104,1000.00,abc,2026-03-05,New,"${LINE_TEXT.amountNotNumber('abc').replace(/"/g, '""')}"`);
    expect(text.trim().split('\r\n')).toHaveLength(8);
    expect((await get(other, `/api/commissions/statements/${statementId}/failures`)).status).toBe(404);

    const unmatched = (await json(await get(pro, '/api/commissions/unmatched'))).lines;
    expect(unmatched.map((l: { policy_number: string }) => l.policy_number).sort()).toEqual(['OTH-900', 'ZZZ-1']);
    expect((await json(await get(other, '/api/commissions/unmatched'))).lines).toEqual([]);
  });

  it('recognises the same file again and refuses it unless confirmed', async () => {
    const previewed = await json<StatementPreview>(await upload(pro, '/api/commissions/statements/preview', statementForm(STATEMENT)));
    expect(previewed.duplicate_of).toMatchObject({ id: statementId, file_name: 'march.csv' });
    const res = await upload(pro, '/api/commissions/statements', statementForm(STATEMENT));
    expect(res.status).toBe(409);
    expect((await json(res)).error).toMatchObject({ code: 'STATEMENT_DUPLICATE', message: COMMISSION_TEXT.duplicateFile('march.csv', new Date().toISOString().slice(0, 10)) });
    // another agency's identical file is not "the same import"; there it pays that agency's own OTH-900 only
    expect((await upload(other, '/api/commissions/statements', statementForm(STATEMENT))).status).toBe(201);
    const theirs = await reconcile(other);
    expect(theirs.rows.map((r) => [r.policy_number, r.received])).toEqual([['OTH-900', '500.00']]);
    expect((await json(await get(other, '/api/commissions/unmatched'))).lines).toHaveLength(4);
    const confirmed = await upload(pro, '/api/commissions/statements', statementForm(STATEMENT, { confirm: 'true' }));
    expect(confirmed.status).toBe(201);
    expect(rowOf(await reconcile(pro), ids.paid)).toMatchObject({ received: '240.00', state: 'overpaid', difference: '-120.00' });
    const second = (await json(confirmed)).statement.id;
    expect((await post(pro, `/api/commissions/statements/${second}/undo`)).status).toBe(200);
  });

  it('undo: another agency cannot; afterwards the terms read unpaid again; twice is refused', async () => {
    expect((await post(other, `/api/commissions/statements/${statementId}/undo`)).status).toBe(404);
    const res = await post(pro, `/api/commissions/statements/${statementId}/undo`);
    expect(res.status).toBe(200);
    expect((await json(res)).statement).toMatchObject({ status: 'undone' });
    const r = await reconcile(pro);
    expect(rowOf(r, ids.paid)).toMatchObject({ received: '0.00', state: 'unpaid' });
    expect(rowOf(r, ids.short)).toMatchObject({ received: '0.00', state: 'unpaid' });
    expect(r.totals.received).toBe('0.00');
    expect((await post(pro, `/api/commissions/statements/${statementId}/undo`)).status).toBe(409);
    // undone, the same file may come in again without a confirmation
    const again = await upload(pro, '/api/commissions/statements', statementForm(STATEMENT));
    expect(again.status).toBe(201);
    expect((await post(pro, `/api/commissions/statements/${(await json(again)).statement.id}/undo`)).status).toBe(200);
  });

  it('saves the mapping per carrier, so next month’s file maps itself; reads an Excel statement', async () => {
    const odd = 'Ref,Who,Paid Out,When\nACM-100,X,120.00,2026-03-05\n';
    const mapping = JSON.stringify({ policy_number: 0, insured_name: 1, commission: 2, statement_date: 3 });
    const first = await upload(pro, '/api/commissions/statements', statementForm(odd, { carrier: 'Acme Mutual', mapping }));
    expect(first.status).toBe(201);
    await post(pro, `/api/commissions/statements/${(await json(first)).statement.id}/undo`);
    const reordered = 'When,Ref,Paid Out\n2026-03-06,ACM-101,120.00\n';
    const p = await json<StatementPreview>(await upload(pro, '/api/commissions/statements/preview', statementForm(reordered, { carrier: 'acme mutual' })));
    expect(p.mapping).toMatchObject({ policy_number: 1, commission: 2, statement_date: 0 });
    expect(p.summary.matched).toBe(1);

    const book = xlsx([
      ['Policy Number', 'Commission', 'Statement Date'],
      ['ACM-100', 120, { date: '2026-03-07' }],
      ['ACM-101', { raw: '119.5' }, { date: '2026-03-07' }],
    ]);
    const sheet = await json<StatementPreview>(await upload(pro, '/api/commissions/statements/preview', statementForm(book, { carrier: 'Other Carrier' }, 'march.xlsx')));
    expect(sheet.summary).toEqual({ matched: 2, unmatched: 0, invalid: 0 });
    expect(sheet.amount).toBe('239.50');
  });
});

describe('manual receipts, lines not in the book, chargebacks', () => {
  it('records a receipt by hand (and its undo), checking each field', async () => {
    const bad = await post(pro, '/api/commissions/receipts', { policy_id: ids.paid });
    expect((await json(bad)).error.fields).toEqual({ amount: COMMISSION_TEXT.amountRequired, received_on: COMMISSION_TEXT.dateRequired });
    expect((await json(await post(pro, '/api/commissions/receipts', { policy_id: ids.paid, amount: 'ten', received_on: '2026-03-01' }))).error.fields).toEqual({
      amount: COMMISSION_TEXT.amountInvalid,
    });
    const res = await post(pro, '/api/commissions/receipts', { policy_id: ids.paid, amount: '119.50', received_on: '2026-03-01' });
    expect(res.status).toBe(201);
    // within the $1.00 tolerance: paid in full
    expect(rowOf(await reconcile(pro), ids.paid)).toMatchObject({ received: '119.50', difference: '0.50', state: 'paid' });
    const { receipt } = await json(res);
    expect((await t.request(`/api/commissions/receipts/${receipt.id}`, { cookie: other.cookie, method: 'DELETE' })).status).toBe(404);
    expect((await t.request(`/api/commissions/receipts/${receipt.id}`, { cookie: pro.cookie, method: 'DELETE' })).status).toBe(200);
    expect(rowOf(await reconcile(pro), ids.paid).state).toBe('unpaid');
  });

  it('the tolerance is the agency’s own', async () => {
    const put = (tolerance: unknown) => t.request('/api/commissions/settings', { cookie: pro.cookie, method: 'PUT', json: { tolerance } });
    expect((await json(await put('abc'))).error.fields).toEqual({ tolerance: COMMISSION_TEXT.toleranceInvalid });
    expect((await put('0')).status).toBe(200);
    await post(pro, '/api/commissions/receipts', { policy_id: ids.named, amount: '63.50', received_on: '2026-03-01' });
    expect(rowOf(await reconcile(pro), ids.named).state).toBe('short_paid');
    expect((await json(await get(other, '/api/commissions/settings'))).tolerance).toBe('1.00');
    const back = await put('1.00');
    expect(await json(back)).toEqual({ tolerance: '1.00', previous: '0.00' });
    expect(rowOf(await reconcile(pro), ids.named).state).toBe('paid');
    // each change is in the activity log with the value it replaced; an unchanged value logs nothing
    expect(await json(await put('1'))).toEqual({ tolerance: '1.00', previous: '1.00' });
    const log = (await json<{ rows: { summary: string }[] }>(await get(pro, '/api/activity?kind=payment'))).rows.map((i) => i.summary);
    expect(log.filter((s) => s.startsWith('Changed the commission tolerance'))).toEqual(['Changed the commission tolerance from $0.00 to $1.00', 'Changed the commission tolerance from $1.00 to $0.00']);
    expect((await t.request('/api/commissions/settings', { cookie: starter.cookie, method: 'PUT', json: { tolerance: '2' } })).status).toBe(403);
  });

  it('ignores a line not in the book with a reason', async () => {
    const res = await upload(pro, '/api/commissions/statements', statementForm('Policy No,Commission,Date\nNEW-1,10.00,2026-03-02\n', { carrier: 'Acme Mutual' }, 'n.csv'));
    expect(res.status).toBe(201);
    const [line] = (await json(await get(pro, '/api/commissions/unmatched'))).lines.filter((l: { policy_number: string }) => l.policy_number === 'NEW-1');
    expect((await json(await post(pro, `/api/commissions/lines/${line.id}/ignore`, { reason: '' }))).error.fields).toEqual({ reason: COMMISSION_TEXT.ignoreReasonRequired });
    expect((await post(other, `/api/commissions/lines/${line.id}/ignore`, { reason: 'x' })).status).toBe(404);
    expect((await post(pro, `/api/commissions/lines/${line.id}/ignore`, { reason: 'Written by another agency' })).status).toBe(200);
    expect((await post(pro, `/api/commissions/lines/${line.id}/ignore`, { reason: 'again' })).status).toBe(409);
  });

  it('a cancelled term’s unearned commission is a negative chargeback, pro rata by days', async () => {
    const id = await insertTerm(t, agency, { number: 'ACM-200', premium: '730.00', start: '2026-01-01', end: '2027-01-01', cancelEffective: '2026-07-02' });
    const row = (await json(await get(pro, `/api/commissions/policies/${id}`))).commission;
    // 10 % of 730.00 = 73.00 written; 183 of 365 days unearned → 36.60 back
    expect(row).toMatchObject({ written: '73.00', chargeback: '-36.60', expected: '36.40' });
  });

  it('the activity log has the imports, receipts and rates', async () => {
    const res = await get(pro, '/api/activity?kind=payment');
    const text = JSON.stringify(await json(res));
    expect(text).toContain('Imported the Acme Mutual commission statement for 2026-03 (march.csv)');
    expect(text).toContain('Undid the Acme Mutual commission statement');
    expect(text).toContain('Recorded a commission of $119.50');
    expect(text).toContain('commission rate of Acme Mutual car to 10%');
  });
});


describe('reconciliation CSV and aging', () => {
  it('downloads every filtered term with a totals line that ties, and ages the outstanding into buckets that add up', async () => {
    const r = await reconcile(pro);
    const buckets = Object.values(r.aging).reduce((s, v) => s + Math.round(Number(v) * 100), 0);
    expect(buckets).toBe(Math.round(Number(r.totals.difference) * 100));
    const res = await get(pro, '/api/commissions/csv?carrier=acme%20mutual');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('commissions.csv');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Policy,Insured,Carrier,Line,Business,Start,End,Premium,Rate,Written,Chargeback,Expected,Received,Difference,State');
    const filtered = await reconcile(pro, '?carrier=acme%20mutual');
    expect(lines).toHaveLength(filtered.total + 2);
    expect(lines.at(-1)).toBe(`Total,,,,,,,,,,,${filtered.totals.expected},${filtered.totals.received},${filtered.totals.difference},`);
    expect(lines.some((l) => l.startsWith('ACM-102,') && l.endsWith(',Unpaid'))).toBe(true);
    expect((await get(starter, '/api/commissions/csv')).status).toBe(403);
    const theirs = await (await get(other, '/api/commissions/csv')).text();
    expect(theirs).not.toContain('ACM-');
  });
});

describe('a statement’s lines as stored (one insert per chunk, a column array each; issue 31)', () => {
  it('keeps every field of each applied line: empty premium and type as null, quoted line breaks counted, the agency, statement and author', async () => {
    const mine = await createUser(t, { tier: 'professional' });
    const mineAgency = await agencyOf(t, mine);
    const policy = await insertTerm(t, mineAgency, { number: 'LN-1', premium: '300.00', start: '2026-02-01', customer: 'Lena Lines' });
    const file =
      HEADER +
      [
        'LN-1,"Lines, Lena",,(12.50),2026-03-07,', // a refund: no premium, no type
        'LN-404,"Two\nLine Name",250.00,25.00,2026-03-08,Renewal', // not in the book; the name spans two lines
        ',Lena Lines,300.00,30.00,2026-03-09,New', // on the name and premium
        'LN-1,X,300.00,abc,2026-03-07,New', // failed: not stored as a line
      ].join('\n') +
      '\n';
    const res = await upload(mine, '/api/commissions/statements', statementForm(file));
    expect(res.status).toBe(201);
    const { statement } = await json(res);
    expect(statement).toMatchObject({ matched: 2, unmatched: 1, failed: 1, amount: '17.50' });
    const stored = await t.db.select().from(commissionLines).where(eq(commissionLines.statementId, statement.id)).orderBy(commissionLines.lineNo);
    expect(stored.map((l) => [l.agencyId, l.policyId, l.lineNo, l.policyNumber, l.insuredName, l.premium, l.amount, l.receivedOn, l.transactionType, l.status, l.reason, l.createdBy])).toEqual([
      [mineAgency, policy, 2, 'LN-1', 'Lines, Lena', null, '-12.50', '2026-03-07', null, 'matched', LINE_TEXT.matchedNumber, mine.id],
      [mineAgency, null, 3, 'LN-404', 'Two\nLine Name', '250.00', '25.00', '2026-03-08', 'Renewal', 'unmatched', LINE_TEXT.notInBook, mine.id],
      [mineAgency, policy, 5, null, 'Lena Lines', '300.00', '30.00', '2026-03-09', 'New', 'matched', LINE_TEXT.matchedName, mine.id],
    ]);
    const failures = await (await get(mine, `/api/commissions/statements/${statement.id}/failures`)).text();
    expect(failures).toContain(`6,LN-1,X,300.00,abc,2026-03-07,New,"${LINE_TEXT.amountNotNumber('abc').replace(/"/g, '""')}"`);
  });
});
