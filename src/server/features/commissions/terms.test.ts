// /api/commissions/terms: the policies list's commission column. Each listed term's expected
// commission and state; bad ids are a 400 naming the field; the plan gates it; another agency's
// policy is simply not in the answer.
import { describe, expect, it } from 'vitest';
import { TERM_TEXT, type TermState } from '#shared/commissions.ts';
import { fileTestContext, createUser, json } from '#server/test/harness.ts';
import { agencyOf, insertTerm, rateBody, statementForm } from './fixtures.ts';

const t = fileTestContext();

describe('the policies list commission column', () => {
  it('answers each listed term, its state once paid, and nothing of another agency', async () => {
    const pro = await createUser(t, { tier: 'professional' });
    const other = await createUser(t, { tier: 'professional' });
    const agency = await agencyOf(t, pro);
    expect((await t.request('/api/commissions/rates', { cookie: pro.cookie, json: rateBody() })).status).toBe(201);
    const full = await insertTerm(t, agency, { number: 'T-1', premium: '1000.00' });
    const short = await insertTerm(t, agency, { number: 'T-2', premium: '2000.00' });
    const none = await insertTerm(t, agency, { number: 'T-3', carrier: 'Nobody Re' });
    const theirs = await insertTerm(t, await agencyOf(t, other), { number: 'T-1' });
    const csv = 'Policy Number,Commission,Statement Date\nT-1,100.00,2026-03-05\nT-2,150.00,2026-03-05\n';
    expect((await t.request('/api/commissions/statements', { cookie: pro.cookie, method: 'POST', body: statementForm(csv) })).status).toBe(201);
    const res = await t.request(`/api/commissions/terms?ids=${[full, short, none, theirs].join(',')}`, { cookie: pro.cookie });
    expect(res.status).toBe(200);
    const { terms } = await json<{ terms: Record<string, TermState> }>(res);
    expect(terms[full]).toMatchObject({ expected: '100.00', received: '100.00', state: 'paid' });
    expect(terms[short]).toMatchObject({ expected: '200.00', received: '150.00', difference: '50.00', state: 'short_paid' });
    expect(terms[none]).toMatchObject({ expected: '0.00', state: 'no_rate' });
    expect(Object.keys(terms).sort()).toEqual([full, short, none].sort());
  }, 120_000);

  it('refuses bad ids with the field named, and a plan without commissions', async () => {
    const pro = await createUser(t, { tier: 'professional' });
    for (const ids of ['not-an-id', Array.from({ length: 201 }, () => crypto.randomUUID()).join(',')]) {
      const res = await t.request(`/api/commissions/terms?ids=${ids}`, { cookie: pro.cookie });
      expect(res.status).toBe(400);
      expect((await json(res)).error.fields).toMatchObject({ ids: TERM_TEXT.idsInvalid });
    }
    expect((await t.request('/api/commissions/terms', { cookie: pro.cookie })).status).toBe(400);
    const starter = await createUser(t, { tier: 'starter' });
    expect((await t.request(`/api/commissions/terms?ids=${crypto.randomUUID()}`, { cookie: starter.cookie })).status).toBe(403);
  }, 60_000);
});
