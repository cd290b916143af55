// The reconciliation view is kept per agency under its book version (issue 31's p99): every change
// the view reads shows on the next request — a receipt, a statement and its undo, a rate, a policy
// written in plain SQL (no event), the tolerance — and one agency's kept view is never another's.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ReconciliationResult } from '#shared/commissions.ts';
import { policies } from '#server/db/schema.ts';
import { fileTestContext, createUser, json, type TestUser } from '#server/test/harness.ts';
import { agencyOf, insertTerm, rateBody, statementForm } from './fixtures.ts';

const t = fileTestContext();

const view = async (u: TestUser, query = '?month=2026-03') => json<ReconciliationResult>(await t.request(`/api/commissions${query}`, { cookie: u.cookie }));

describe('the reconciliation view kept under the book version', () => {
  it('shows every change on the next request, and each agency its own', async () => {
    const pro = await createUser(t, { tier: 'professional' });
    const other = await createUser(t, { tier: 'professional' });
    const agency = await agencyOf(t, pro);
    const id = await insertTerm(t, agency, { number: 'VC-1', premium: '1000.00' });
    await insertTerm(t, await agencyOf(t, other), { number: 'VC-1', premium: '1000.00' });
    expect((await view(pro)).rows[0]).toMatchObject({ policy_id: id, state: 'no_rate' });
    // the same request twice: the same answer
    expect((await view(pro)).totals).toEqual((await view(pro)).totals);

    expect((await t.request('/api/commissions/rates', { cookie: pro.cookie, json: rateBody() })).status).toBe(201);
    expect((await view(pro)).rows[0]).toMatchObject({ expected: '100.00', state: 'unpaid' });

    const receipt = await t.request('/api/commissions/receipts', { cookie: pro.cookie, json: { policy_id: id, amount: '99.50', received_on: '2026-03-09' } });
    expect(receipt.status).toBe(201);
    expect((await view(pro)).rows[0]).toMatchObject({ received: '99.50', state: 'paid' });

    expect((await t.request('/api/commissions/settings', { cookie: pro.cookie, method: 'PUT', json: { tolerance: '0.10' } })).status).toBe(200);
    expect((await view(pro)).rows[0]).toMatchObject({ state: 'short_paid' });

    const imported = await t.request('/api/commissions/statements', { cookie: pro.cookie, method: 'POST', body: statementForm('Policy Number,Commission,Statement Date\nVC-1,0.50,2026-03-05\n') });
    expect(imported.status).toBe(201);
    expect((await view(pro)).rows[0]).toMatchObject({ received: '100.00', state: 'paid' });
    const { statement } = await json<{ statement: { id: string } }>(imported);
    expect((await t.request(`/api/commissions/statements/${statement.id}/undo`, { cookie: pro.cookie, method: 'POST' })).status).toBe(200);
    expect((await view(pro)).rows[0]).toMatchObject({ received: '99.50', state: 'short_paid' });

    // a write that emits no event (an import's or a restore's plain SQL) moves the version too
    await t.db.update(policies).set({ premiumAmount: '2000.00' }).where(eq(policies.id, id));
    expect((await view(pro)).rows[0]).toMatchObject({ expected: '200.00', difference: '100.50' });

    // the other agency's view of the same month and filters: its own term, unpaid, no rate
    const theirs = await view(other);
    expect(theirs.rows).toHaveLength(1);
    expect(theirs.rows[0]).toMatchObject({ state: 'no_rate', received: '0.00' });
    expect(theirs.rows[0].policy_id).not.toBe(id);
  }, 120_000);
});
