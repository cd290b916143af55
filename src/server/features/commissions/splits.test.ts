import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPLIT_TEXT, type ProducerReport, type ProducerSplit } from '#shared/commission-splits.ts';
import { COMMISSION_TEXT, type ReconciliationResult } from '#shared/commissions.ts';
import { agencyMembers, policies, session } from '#server/db/schema.ts';
import { CORRECT_FIELDS } from '#server/http.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { agencyOf, insertTerm, rateBody } from './fixtures.ts';

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let other: TestUser;
let starter: TestUser;
let agency: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'professional', name: 'Olive Owner' });
  member = await createUser(t, { name: 'Max Member' });
  other = await createUser(t, { tier: 'professional', name: 'Otto Other' });
  starter = await createUser(t);
  agency = await agencyOf(t, owner);
  await t.db.insert(agencyMembers).values({ agencyId: agency, userId: member.id, role: 'team_member' });
  await t.db.update(session).set({ activeAgencyId: agency }).where(eq(session.userId, member.id));
  ids.solo = await insertTerm(t, agency, { number: 'SPL-1', premium: '1000.00', start: '2026-03-02' });
  ids.shared = await insertTerm(t, agency, { number: 'SPL-2', premium: '999.99', start: '2026-03-03' });
  ids.nobody = await insertTerm(t, agency, { number: 'SPL-3', premium: '500.00', start: '2026-03-04' });
  ids.april = await insertTerm(t, agency, { number: 'SPL-4', premium: '700.00', start: '2026-04-04' });
  await t.db.update(policies).set({ assigneeId: owner.id }).where(eq(policies.id, ids.solo));
  await t.db.update(policies).set({ assigneeId: member.id }).where(eq(policies.id, ids.shared));
  await t.db.update(policies).set({ assigneeId: member.id }).where(eq(policies.id, ids.april));
  ids.foreign = await insertTerm(t, await agencyOf(t, other), { number: 'OTH-1', premium: '5000.00', start: '2026-03-02' });
});
afterAll(async () => {
  await t.close();
});

const get = (u: TestUser, path: string) => t.request(path, { cookie: u.cookie });
const send = (u: TestUser, method: string, path: string, body?: unknown) => t.request(path, { cookie: u.cookie, method, json: body });

describe('producer splits', () => {
  it('lists every member of the agency, with no split until one is set', async () => {
    const { producers } = await json<{ producers: ProducerSplit[] }>(await get(member, '/api/commissions/producers'));
    expect(producers.map((p) => p.name).sort()).toEqual(['Max Member', 'Olive Owner']);
    expect(producers.every((p) => p.new_business === null && p.renewal === null)).toBe(true);
  });

  it('checks both percentages with their messages', async () => {
    const res = await send(owner, 'PUT', `/api/commissions/producers/${member.id}`, {});
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error.message).toBe(CORRECT_FIELDS);
    expect(body.error.fields).toEqual({ new_business: SPLIT_TEXT.newRequired, renewal: SPLIT_TEXT.renewalRequired });
    for (const bad of ['abc', '100.01', '-5'])
      expect((await json(await send(owner, 'PUT', `/api/commissions/producers/${member.id}`, { new_business: bad, renewal: '25' }))).error.fields).toEqual({
        new_business: SPLIT_TEXT.splitInvalid,
      });
  });

  it('only the owner or an admin sets a split; a team member is refused', async () => {
    const res = await send(member, 'PUT', `/api/commissions/producers/${member.id}`, { new_business: '90', renewal: '90' });
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(SPLIT_TEXT.managersOnly);
    const ok = await send(owner, 'PUT', `/api/commissions/producers/${member.id}`, { new_business: '50%', renewal: '50' });
    expect(ok.status).toBe(200);
    expect((await json(ok)).producer).toMatchObject({ name: 'Max Member', new_business: '50.0000', renewal: '50.0000' });
    expect((await send(owner, 'PUT', `/api/commissions/producers/${owner.id}`, { new_business: '40', renewal: '25' })).status).toBe(200);
  });

  it("another agency's member, or no member, is a 404; a Starter agency is refused", async () => {
    for (const id of [other.id, 'no-such-user', 'bad id!'])
      expect((await send(owner, 'PUT', `/api/commissions/producers/${encodeURIComponent(id)}`, { new_business: '1', renewal: '1' })).status).toBe(404);
    expect((await send(other, 'PUT', `/api/commissions/producers/${member.id}`, { new_business: '1', renewal: '1' })).status).toBe(404);
    expect((await get(starter, '/api/commissions/producers')).status).toBe(403);
    expect((await get(starter, '/api/commissions/producer-report')).status).toBe(403);
    expect((await t.request('/api/commissions/producer-report')).status).toBe(401);
  });
});

describe('a term shared between two producers', () => {
  const path = (id: string) => `/api/commissions/policies/${id}/split`;

  it('checks the second producer and the share', async () => {
    expect((await json(await send(owner, 'PUT', path(ids.shared), {}))).error.fields).toEqual({ producer_id: SPLIT_TEXT.producerRequired });
    expect((await json(await send(owner, 'PUT', path(ids.shared), { producer_id: owner.id }))).error.fields).toEqual({ share: SPLIT_TEXT.shareRequired });
    for (const share of ['0', '100', 'x'])
      expect((await json(await send(owner, 'PUT', path(ids.shared), { producer_id: owner.id, share }))).error.fields).toEqual({ share: SPLIT_TEXT.shareInvalid });
    expect((await json(await send(owner, 'PUT', path(ids.shared), { producer_id: member.id, share: '50' }))).error.fields).toEqual({
      producer_id: SPLIT_TEXT.sameProducer,
    });
    expect((await json(await send(owner, 'PUT', path(ids.shared), { producer_id: other.id, share: '50' }))).error.fields).toEqual({
      producer_id: SPLIT_TEXT.memberNotFound,
    });
  });

  it("another agency's policy is a 404", async () => {
    expect((await send(other, 'PUT', path(ids.shared), { producer_id: other.id, share: '50' })).status).toBe(404);
    expect((await send(owner, 'PUT', path(ids.foreign), { producer_id: member.id, share: '50' })).status).toBe(404);
  });

  it('saves the second producer (a team member may), shows it on the term, and can end it', async () => {
    const res = await send(member, 'PUT', path(ids.solo), { producer_id: member.id, share: '10' });
    expect(res.status).toBe(200);
    expect((await json(res)).split).toMatchObject({ producer_id: member.id, producer_name: 'Max Member', share: '10.0000' });
    expect((await send(member, 'PUT', path(ids.solo), { producer_id: null })).status).toBe(200);
    expect((await json(await get(owner, `/api/commissions/policies/${ids.solo}`))).split).toBeNull();
    expect((await send(owner, 'PUT', path(ids.shared), { producer_id: owner.id, share: '33.3333' })).status).toBe(200);
    expect((await json(await get(owner, `/api/commissions/policies/${ids.shared}`))).split).toMatchObject({ producer_id: owner.id, share: '33.3333' });
  });
});

describe('the producer report', () => {
  it('credits each producer their part and their split, and ties to the reconciliation', async () => {
    expect((await send(owner, 'POST', '/api/commissions/rates', rateBody({ rate: '10' }))).status).toBe(201);
    for (const [id, amount] of [
      [ids.solo, '100.00'],
      [ids.shared, '60.00'],
    ])
      expect((await send(owner, 'POST', '/api/commissions/receipts', { policy_id: id, amount, received_on: '2026-03-20' })).status).toBe(201);
    const report = await json<ProducerReport>(await get(member, '/api/commissions/producer-report?month=2026-03'));
    const byName = Object.fromEntries(report.rows.map((r) => [r.name, r]));
    // SPL-2 expects 100.00 (999.99 × 10 %): the owner's third is 33.33, the assignee keeps 66.67
    expect(byName['Olive Owner']).toMatchObject({ terms: 2, expected: '133.33', received: '120.00', difference: '13.33', earned_expected: '53.33', earned: '48.00' });
    expect(byName['Max Member']).toMatchObject({ terms: 1, expected: '66.67', received: '40.00', difference: '26.67', earned_expected: '33.34', earned: '20.00' });
    expect(byName[SPLIT_TEXT.noProducer]).toMatchObject({ producer_id: null, terms: 1, expected: '50.00', received: '0.00', earned: '0.00' });
    expect(report.totals).toEqual({ terms: 3, expected: '250.00', received: '160.00', difference: '90.00', earned_expected: '86.67', earned: '68.00' });
    const recon = await json<ReconciliationResult>(await get(owner, '/api/commissions?month=2026-03'));
    expect(recon.totals).toEqual({ terms: 3, expected: report.totals.expected, received: report.totals.received, difference: report.totals.difference });

    const csv = await (await get(owner, '/api/commissions/producer-report/csv?month=2026-03')).text();
    expect(csv.split('\r\n')[0]).toContain('Producer earned');
    expect(csv).toContain('Total,,,3,250.00,160.00,90.00,86.67,68.00');

    const april = await json<ProducerReport>(await get(owner, '/api/commissions/producer-report?month=2026-04'));
    expect(april.rows.map((r) => [r.name, r.expected])).toEqual([['Max Member', '70.00']]);
  });

  it("never shows another agency's terms or producers", async () => {
    const report = await json<ProducerReport>(await get(other, '/api/commissions/producer-report?month=2026-03'));
    expect(report.rows.map((r) => r.name)).toEqual([SPLIT_TEXT.noProducer]);
    expect(report.totals.terms).toBe(1);
  });

  it('a removed split earns nothing; the policy of a term is checked', async () => {
    expect((await send(owner, 'DELETE', `/api/commissions/producers/${owner.id}`)).status).toBe(200);
    const report = await json<ProducerReport>(await get(owner, '/api/commissions/producer-report?month=2026-03'));
    expect(report.rows.find((r) => r.name === 'Olive Owner')).toMatchObject({ new_business: null, earned: '0.00', expected: '133.33' });
    expect((await send(owner, 'PUT', '/api/commissions/policies/not-a-uuid/split', { producer_id: null })).status).toBe(404);
    expect(COMMISSION_TEXT.policyNotFound).toBeTruthy();
  });
});
