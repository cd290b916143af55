// Issue 31: "On the statement but not in the book: create the policy from the line". The new-policy
// form reads the line (GET /api/commissions/lines/:id: number, insured, premium, the statement's
// carrier), the policy is created, and the line is matched to it (POST …/match): the term reads paid,
// the statement counts the line matched. POST …/reopen undoes a match by hand or an ignore.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMISSION_TEXT, LINE_TEXT, type ReconciliationResult, type Statement, type StatementLineDetail, type UnmatchedLine } from '#shared/commissions.ts';
import { carPolicyPayload } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { agencyOf, insertTerm, rateBody, statementForm } from './fixtures.ts';

let t: TestContext;
let pro: TestUser;
let other: TestUser;
let otherPolicy: string;

beforeAll(async () => {
  t = await createTestContext();
  pro = await createUser(t, { tier: 'professional', name: 'Lina Ledger' });
  other = await createUser(t, { tier: 'professional' });
  otherPolicy = await insertTerm(t, await agencyOf(t, other), { number: 'OTH-1', start: '2026-02-01' });
});
afterAll(async () => {
  await t.close();
});

const get = (u: TestUser, path: string) => t.request(path, { cookie: u.cookie });
const post = (u: TestUser, path: string, body?: unknown) => t.request(path, { cookie: u.cookie, method: 'POST', json: body });
const reconcile = async (query = '') => json<ReconciliationResult>(await get(pro, `/api/commissions${query}`));
const unmatched = async () => (await json<{ lines: UnmatchedLine[] }>(await get(pro, '/api/commissions/unmatched'))).lines;
const statements = async () => (await json<{ statements: Statement[] }>(await get(pro, '/api/commissions/statements'))).statements;

describe('a policy created from a line not in the book', () => {
  it('pre-fills from the line, matches it to the new policy (totals move), and the match can be undone', async () => {
    expect((await post(pro, '/api/commissions/rates', rateBody())).status).toBe(201);
    const csv = 'Policy No,Insured,Premium,Commission,Date\nNEW-77,Nora New,1500.00,150.00,2026-03-04\nGONE-1,Old Client,300.00,30.00,2026-03-04\n';
    const imported = await t.request('/api/commissions/statements', { cookie: pro.cookie, method: 'POST', body: statementForm(csv, { carrier: 'Acme Mutual' }, 'new.csv') });
    expect(imported.status).toBe(201);
    const { statement } = await json<{ statement: Statement }>(imported);
    expect(statement).toMatchObject({ matched: 0, unmatched: 2, amount: '0.00' });
    const line = (await unmatched()).find((l) => l.policy_number === 'NEW-77')!;

    // the form's pre-fill: another agency's line is a 404
    expect((await get(other, `/api/commissions/lines/${line.id}`)).status).toBe(404);
    const detail = (await json<{ line: StatementLineDetail }>(await get(pro, `/api/commissions/lines/${line.id}`))).line;
    expect(detail).toMatchObject({ policy_number: 'NEW-77', insured_name: 'Nora New', premium: '1500.00', amount: '150.00', carrier: 'Acme Mutual', status: 'unmatched' });

    // the policy as the form saves it, then the match
    const created = await post(pro, '/api/policies', carPolicyPayload({ policy_number: 'NEW-77', customer_name: 'Nora New', premium_amount: '1500.00', insurance_company: 'Acme Mutual', start_date: '2026-02-01' }));
    expect(created.status, await created.clone().text()).toBe(201);
    const policyId = (await json<{ id: string }>(created)).id;
    expect((await reconcile(`?statement=${statement.id}`)).totals.received).toBe('0.00');

    expect((await json(await post(pro, `/api/commissions/lines/${line.id}/match`, {}))).error.fields).toEqual({ policy_id: COMMISSION_TEXT.policyNotFound });
    // another agency's policy, or the line seen from another agency: 404, nothing matched
    expect((await post(pro, `/api/commissions/lines/${line.id}/match`, { policy_id: otherPolicy })).status).toBe(404);
    expect((await post(other, `/api/commissions/lines/${line.id}/match`, { policy_id: otherPolicy })).status).toBe(404);
    expect((await post(pro, `/api/commissions/lines/${line.id}/match`, { policy_id: policyId })).status).toBe(200);
    const again = await post(pro, `/api/commissions/lines/${line.id}/match`, { policy_id: policyId });
    expect(again.status).toBe(409);
    expect((await json(again)).error.message).toBe(COMMISSION_TEXT.lineAlreadyPays('NEW-77'));

    // the term is paid in full, the statement's and the month's totals moved, the line left the list
    const view = await reconcile(`?statement=${statement.id}`);
    expect(view.rows.find((r) => r.policy_id === policyId)).toMatchObject({ expected: '150.00', received: '150.00', state: 'paid' });
    expect(view.totals).toMatchObject({ terms: 1, expected: '150.00', received: '150.00', difference: '0.00' });
    expect((await reconcile('?month=2026-02')).totals.received).toBe('150.00');
    expect((await statements()).find((s) => s.id === statement.id)).toMatchObject({ matched: 1, unmatched: 1, amount: '150.00' });
    expect((await unmatched()).map((l) => l.policy_number)).toEqual(['GONE-1']);
    const matched = (await json<{ line: StatementLineDetail }>(await get(pro, `/api/commissions/lines/${line.id}`))).line;
    expect(matched).toMatchObject({ status: 'matched', policy_id: policyId, reason: LINE_TEXT.matchedByHand('NEW-77', 'Lina Ledger') });

    // undo the match: unpaid again, the line back among those not in the book
    expect((await post(other, `/api/commissions/lines/${line.id}/reopen`)).status).toBe(404);
    expect((await post(pro, `/api/commissions/lines/${line.id}/reopen`)).status).toBe(200);
    expect((await reconcile('?month=2026-02')).rows.find((r) => r.policy_id === policyId)).toMatchObject({ received: '0.00', state: 'unpaid' });
    expect((await statements()).find((s) => s.id === statement.id)).toMatchObject({ matched: 0, unmatched: 2, amount: '0.00' });
    expect((await unmatched()).find((l) => l.id === line.id)).toMatchObject({ status: 'unmatched', reason: LINE_TEXT.notInBook });
    const twice = await post(pro, `/api/commissions/lines/${line.id}/reopen`);
    expect(twice.status).toBe(409);
    expect((await json(twice)).error.message).toBe(COMMISSION_TEXT.lineNotReopenable);

    // an ignore is undone the same way
    const gone = (await unmatched()).find((l) => l.policy_number === 'GONE-1')!;
    expect((await post(pro, `/api/commissions/lines/${gone.id}/ignore`, { reason: 'Moved to another agency' })).status).toBe(200);
    expect((await post(pro, `/api/commissions/lines/${gone.id}/reopen`)).status).toBe(200);
    expect((await unmatched()).find((l) => l.id === gone.id)?.status).toBe('unmatched');

    // every step is in the activity log
    const log = JSON.stringify(await json(await get(pro, '/api/activity?kind=payment')));
    expect(log).toContain('Matched the statement line of NEW-77 ($150.00) to policy NEW-77');
    expect(log).toContain('Unmatched the statement line of NEW-77 ($150.00): not in the book again');
    expect(log).toContain('Took back the ignore of the statement line of GONE-1');
  });

  it('a manual receipt is not a statement line: 404', async () => {
    const id = await insertTerm(t, await agencyOf(t, pro), { number: 'MAN-1', start: '2026-02-01' });
    const receipt = (await json<{ receipt: { id: string } }>(await post(pro, '/api/commissions/receipts', { policy_id: id, amount: '10', received_on: '2026-03-01' }))).receipt;
    expect((await get(pro, `/api/commissions/lines/${receipt.id}`)).status).toBe(404);
    expect((await post(pro, `/api/commissions/lines/${receipt.id}/reopen`)).status).toBe(404);
  });
});
