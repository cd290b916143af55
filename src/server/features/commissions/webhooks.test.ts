// Issue 31: the commission webhooks. statement.imported once per import; commission.reconciled once per
// change to what was received (import, undo, receipt, receipt deleted, a line matched by hand or put
// back), naming the terms that moved;
// an undo sends commission.reconciled only; a refused write and an ignored line send nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CommissionReconciled, Statement } from '#shared/commissions.ts';
import { webhookDeliveries, webhookEndpoints } from '#server/db/schema.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { agencyOf, insertTerm, statementForm } from './fixtures.ts';

let t: TestContext;
let owner: TestUser;
let rival: TestUser;
let agency: string;
let rivalAgency: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise' });
  rival = await createUser(t, { tier: 'enterprise' });
  agency = await agencyOf(t, owner);
  rivalAgency = await agencyOf(t, rival);
  for (const a of [agency, rivalAgency])
    await t.db.insert(webhookEndpoints).values({ agencyId: a, url: 'https://hooks.example.com/commissions', events: ['statement.imported', 'commission.reconciled'], secret: 'whsec_c' });
  ids.a = await insertTerm(t, agency, { number: 'WH-1', premium: '1000.00', start: '2026-03-02' });
  ids.b = await insertTerm(t, agency, { number: 'WH-2', premium: '500.00', start: '2026-03-03' });
  // the same number in another agency: never paid by this agency's statement
  ids.rival = await insertTerm(t, rivalAgency, { number: 'WH-3', premium: '700.00', start: '2026-03-03' });
});
afterAll(async () => {
  await t.close();
});

type Sent = { type: string; id: string; data: unknown };
let seen = 0;
/** The deliveries queued since the last call, by type (one write's events share its time). */
async function sentSince(agencyId = agency): Promise<Sent[]> {
  const rows = await t.db
    .select({ type: webhookDeliveries.eventType, payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.agencyId, agencyId))
    .orderBy(webhookDeliveries.createdAt, webhookDeliveries.id);
  const fresh = rows.slice(agencyId === agency ? seen : 0);
  if (agencyId === agency) seen = rows.length;
  return fresh.map((r) => ({ type: r.type, ...(JSON.parse(r.payload) as { id: string; data: unknown }) })).sort((x, y) => x.type.localeCompare(y.type));
}

const upload = (form: FormData) => t.request('/api/commissions/statements', { cookie: owner.cookie, method: 'POST', body: form });
const post = (path: string, body?: unknown) => t.request(path, { cookie: owner.cookie, method: 'POST', json: body });
const FILE = 'Policy Number,Insured,Premium,Commission,Date\nWH-1,A,1000.00,100.00,2026-03-20\nWH-2,B,500.00,20.00,2026-03-20\nWH-3,C,700.00,70.00,2026-03-21\n';

describe('commission webhooks', () => {
  let statement: Statement;

  it('an import sends statement.imported and commission.reconciled, once each', async () => {
    const res = await upload(statementForm(FILE));
    expect(res.status).toBe(201);
    statement = (await json(res)).statement;
    const sent = await sentSince();
    expect(sent.map((s) => s.type)).toEqual(['commission.reconciled', 'statement.imported']);
    expect(sent[1].data).toEqual(statement);
    const data = sent[0].data as CommissionReconciled;
    expect(data).toMatchObject({ cause: 'statement_imported', statement_id: statement.id, receipt_id: null });
    // WH-3 is another agency's number: a line not in this book moves no term
    expect([...data.policy_ids].sort()).toEqual([ids.a, ids.b].sort());
    expect(new Set(sent.map((s) => s.id)).size).toBe(2);
  });

  it('a re-import refused sends nothing; a confirmed one sends both again', async () => {
    expect((await upload(statementForm(FILE))).status).toBe(409);
    expect(await sentSince()).toEqual([]);
    const again = await upload(statementForm(FILE, { confirm: 'true' }));
    expect(again.status).toBe(201);
    const second: Statement = (await json(again)).statement;
    expect((await sentSince()).map((s) => [s.type, (s.data as { id?: string; statement_id?: string }).id ?? (s.data as { statement_id: string }).statement_id])).toEqual([
      ['commission.reconciled', second.id],
      ['statement.imported', second.id],
    ]);
    expect((await post(`/api/commissions/statements/${second.id}/undo`)).status).toBe(200);
    await sentSince();
  });

  it('a statement of lines not in the book sends statement.imported only; ignoring a line sends nothing', async () => {
    const res = await upload(statementForm('Policy Number,Insured,Premium,Commission,Date\nNOPE-1,Z,10.00,1.00,2026-03-20\n', { carrier: 'Other Carrier' }));
    expect(res.status).toBe(201);
    expect((await sentSince()).map((s) => s.type)).toEqual(['statement.imported']);
    const unmatched = await json(await t.request('/api/commissions/unmatched', { cookie: owner.cookie }));
    const line = unmatched.lines.find((l: { policy_number: string }) => l.policy_number === 'NOPE-1');
    expect((await post(`/api/commissions/lines/${line.id}/ignore`, { reason: 'Not ours' })).status).toBe(200);
    expect(await sentSince()).toEqual([]);
  });

  it('an undo sends commission.reconciled only (cause statement_undone), once; a second undo nothing', async () => {
    expect((await post(`/api/commissions/statements/${statement.id}/undo`)).status).toBe(200);
    const sent = await sentSince();
    expect(sent.map((s) => s.type)).toEqual(['commission.reconciled']);
    const data = sent[0].data as CommissionReconciled;
    expect(data).toMatchObject({ cause: 'statement_undone', statement_id: statement.id, receipt_id: null });
    expect([...data.policy_ids].sort()).toEqual([ids.a, ids.b].sort());
    expect((await post(`/api/commissions/statements/${statement.id}/undo`)).status).toBe(409);
    expect(await sentSince()).toEqual([]);
  });

  it('a manual receipt and its deletion send one commission.reconciled each', async () => {
    const res = await post('/api/commissions/receipts', { policy_id: ids.a, amount: '80.00', received_on: '2026-03-25' });
    expect(res.status).toBe(201);
    const receipt = (await json(res)).receipt;
    expect((await sentSince()).map((s) => [s.type, s.data])).toEqual([
      ['commission.reconciled', { cause: 'receipt_recorded', statement_id: null, receipt_id: receipt.id, policy_ids: [ids.a] }],
    ]);
    expect((await t.request(`/api/commissions/receipts/${receipt.id}`, { cookie: owner.cookie, method: 'DELETE' })).status).toBe(200);
    expect((await sentSince()).map((s) => [s.type, s.data])).toEqual([
      ['commission.reconciled', { cause: 'receipt_deleted', statement_id: null, receipt_id: receipt.id, policy_ids: [ids.a] }],
    ]);
    // another agency's policy: 404, nothing sent
    expect((await post('/api/commissions/receipts', { policy_id: ids.rival, amount: '1.00', received_on: '2026-03-25' })).status).toBe(404);
    expect(await sentSince()).toEqual([]);
  });

  it('a line matched by hand to a policy, and put back, send one commission.reconciled each; a refused match nothing', async () => {
    const res = await upload(statementForm('Policy Number,Insured,Premium,Commission,Date\nLATER-1,Y,900.00,90.00,2026-03-20\n', { carrier: 'Late Carrier' }));
    expect(res.status).toBe(201);
    const later: Statement = (await json(res)).statement;
    await sentSince();
    const unmatched = await json(await t.request('/api/commissions/unmatched', { cookie: owner.cookie }));
    const line = unmatched.lines.find((l: { policy_number: string }) => l.policy_number === 'LATER-1');
    expect((await post(`/api/commissions/lines/${line.id}/match`, { policy_id: ids.rival })).status).toBe(404);
    expect(await sentSince()).toEqual([]);
    expect((await post(`/api/commissions/lines/${line.id}/match`, { policy_id: ids.b })).status).toBe(200);
    expect((await sentSince()).map((s) => [s.type, s.data])).toEqual([
      ['commission.reconciled', { cause: 'line_matched', statement_id: later.id, receipt_id: null, policy_ids: [ids.b] }],
    ]);
    expect((await post(`/api/commissions/lines/${line.id}/reopen`)).status).toBe(200);
    expect((await sentSince()).map((s) => [s.type, s.data])).toEqual([
      ['commission.reconciled', { cause: 'line_unmatched', statement_id: later.id, receipt_id: null, policy_ids: [ids.b] }],
    ]);
  });

  it('a line the import matched, moved to another policy and put back, names both terms each time', async () => {
    const res = await upload(statementForm('Policy Number,Insured,Premium,Commission,Date\nWH-1,X,1000.00,100.00,2026-03-21\n', { carrier: 'Move Carrier' }));
    expect(res.status).toBe(201);
    const moved: Statement = (await json(res)).statement;
    await sentSince();
    const lines = (await json(await t.request(`/api/commissions/policies/${ids.a}/lines`, { cookie: owner.cookie }))).lines as { id: string; statement_id: string }[];
    const line = lines.find((l) => l.statement_id === moved.id)!;
    expect((await post(`/api/commissions/lines/${line.id}/match`, { policy_id: ids.b })).status).toBe(200);
    expect((await sentSince()).map((s) => [s.type, s.data])).toEqual([
      ['commission.reconciled', { cause: 'line_matched', statement_id: moved.id, receipt_id: null, policy_ids: [ids.a, ids.b] }],
    ]);
    expect((await post(`/api/commissions/lines/${line.id}/reopen`)).status).toBe(200);
    expect((await sentSince()).map((s) => [s.type, s.data])).toEqual([
      ['commission.reconciled', { cause: 'line_unmatched', statement_id: moved.id, receipt_id: null, policy_ids: [ids.b, ids.a] }],
    ]);
  });

  it("another agency's endpoint received none of it", async () => {
    expect(await sentSince(rivalAgency)).toEqual([]);
  });
});
