import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PREMIUM_TEXT } from '#shared/premium-payments.ts';
import { PREMIUM_RECEIPT_MAX_BYTES } from '#shared/files.ts';
import { agencyMembers, premiumPayments, storedFiles } from '#server/db/schema.ts';
import { createTestContext, createUser, insertClientPolicy, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { EXE, fileOf, GIF, HTML, JPEG, PDF, pdfOfSize, PNG } from '../payments/fixtures.ts';

let t: TestContext;
let agent: TestUser;
let agencyId: string;
let policyId: string;

async function agencyOf(u: TestUser): Promise<string> {
  return (await json(await t.request('/api/me', { cookie: u.cookie }))).agency.id;
}

const insertPolicy = (agency: string, policyNumber: string) => insertClientPolicy(t, agency, policyNumber);

beforeAll(async () => {
  t = await createTestContext();
  agent = await createUser(t);
  agencyId = await agencyOf(agent);
  policyId = await insertPolicy(agencyId, 'POL-1001');
});
afterAll(async () => {
  await t.close();
});

function form(fields: Record<string, string | undefined>, files: File[] = [fileOf(PDF, 'receipt.pdf')]) {
  const fd = new FormData();
  const base: Record<string, string | undefined> = {
    client_name: 'Carla Client',
    policy_number: 'POL-1001',
    amount: '125.50',
    payment_date: '2026-03-01',
    payment_method: 'bank_transfer',
    notes: 'March instalment',
    ...fields,
  };
  for (const [k, v] of Object.entries(base)) if (v !== undefined) fd.append(k, v);
  for (const f of files) fd.append('files', f);
  return fd;
}
const post = (u: TestUser, body: FormData) => t.request('/api/premium-payments', { method: 'POST', body, cookie: u.cookie });

describe('client premium receipts', () => {
  it('records the payment against the policy with several files and lists it on the policy', async () => {
    const res = await post(agent, form({}, [fileOf(PDF, 'receipt.pdf'), fileOf(PNG, 'photo.png', 'image/png'), fileOf(GIF, 'scan.gif', 'image/gif'), fileOf(JPEG, 'p.jpg', 'image/jpeg')]));
    expect(res.status).toBe(201);
    const { payment } = await json(res);
    expect(payment).toMatchObject({
      policy_id: policyId,
      client_name: 'Carla Client',
      policy_number: 'POL-1001',
      amount: '125.50',
      payment_date: '2026-03-01',
      payment_method: 'bank_transfer',
      notes: 'March instalment',
    });
    expect(payment.files.map((f: { content_type: string }) => f.content_type).sort()).toEqual(['application/pdf', 'image/gif', 'image/jpeg', 'image/png']);
    const list = await json(await t.request(`/api/policies/${policyId}/premium-payments`, { cookie: agent.cookie }));
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0].files).toHaveLength(4);
    // the files open through signed links for the agency
    const link = await json(await t.request(`/api/files/${list.rows[0].files[0].id}/link`, { cookie: agent.cookie }));
    expect((await t.request(link.url, { cookie: agent.cookie })).status).toBe(200);
  });

  it('answers each rule with the spec text', async () => {
    const cases: [Record<string, string | undefined>, string, string][] = [
      [{ client_name: '' }, 'client_name', PREMIUM_TEXT.clientNameRequired],
      [{ policy_number: undefined }, 'policy_number', PREMIUM_TEXT.policyNumberRequired],
      [{ amount: '' }, 'amount', PREMIUM_TEXT.amountRequired],
      [{ amount: '0' }, 'amount', PREMIUM_TEXT.amountPositive],
      [{ amount: '-5' }, 'amount', PREMIUM_TEXT.amountPositive],
      [{ amount: '10.555' }, 'amount', PREMIUM_TEXT.amountFormat],
      [{ payment_date: '' }, 'payment_date', PREMIUM_TEXT.dateRequired],
      [{ payment_method: 'barter' }, 'payment_method', PREMIUM_TEXT.methodRequired],
      [{ policy_number: 'NOPE-1' }, 'policy_number', PREMIUM_TEXT.policyNotFound],
    ];
    for (const [over, field, message] of cases) {
      const res = await post(agent, form(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect((await json(res)).error.fields[field]).toBe(message);
    }
    let res = await post(agent, form({}, []));
    expect((await json(res)).error).toMatchObject({ code: 'RECEIPT_REQUIRED', message: PREMIUM_TEXT.receipt });
    for (const bad of [EXE, HTML, new Uint8Array(0)]) {
      res = await post(agent, form({}, [fileOf(PDF, 'ok.pdf'), fileOf(bad, 'bad.pdf')]));
      expect((await json(res)).error).toMatchObject({ code: 'INVALID_FILE_TYPE', message: PREMIUM_TEXT.invalidFile });
    }
    res = await post(agent, form({}, [fileOf(pdfOfSize(PREMIUM_RECEIPT_MAX_BYTES + 1), 'big.pdf')]));
    expect(res.status).toBe(413);
    expect((await json(res)).error.message).toBe(PREMIUM_TEXT.tooLarge);
    res = await post(agent, form({}, Array.from({ length: 6 }, (_, i) => fileOf(PDF, `r${i}.pdf`))));
    expect((await json(res)).error.message).toBe(PREMIUM_TEXT.tooManyFiles);
    const rows = await t.db.select().from(premiumPayments).where(eq(premiumPayments.agencyId, agencyId));
    expect(rows).toHaveLength(1);
    const files = await t.db.select().from(storedFiles).where(eq(storedFiles.agencyId, agencyId));
    expect(files).toHaveLength(4);
  });

  it("keeps agencies apart: another agency's policy number is unknown, its list and files are 404", async () => {
    const other = await createUser(t);
    const otherAgency = await agencyOf(other);
    await insertPolicy(otherAgency, 'POL-2002');
    let res = await post(agent, form({ policy_number: 'POL-2002' }));
    expect((await json(res)).error.fields.policy_number).toBe(PREMIUM_TEXT.policyNotFound);
    res = await t.request(`/api/policies/${policyId}/premium-payments`, { cookie: other.cookie });
    expect(res.status).toBe(404);
    expect((await t.request('/api/policies/not-a-uuid/premium-payments', { cookie: other.cookie })).status).toBe(404);
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.agencyId, agencyId));
    expect((await t.request(`/api/files/${file.id}/link`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request(`/api/policies/${policyId}/premium-payments`)).status).toBe(401);
  });

  it('a team member of the agency records and sees payments for the shared book', async () => {
    const member = await createUser(t);
    await t.db.insert(agencyMembers).values({ agencyId, userId: member.id, role: 'team_member' });
    const { session: sessionTable } = await import('#server/db/schema.ts');
    const { userId } = { userId: member.id };
    await t.db.update(sessionTable).set({ activeAgencyId: agencyId }).where(eq(sessionTable.userId, userId));
    const res = await post(member, form({ amount: '99.99' }, [fileOf(PNG, 'm.png', 'image/png')]));
    expect(res.status).toBe(201);
    const list = await json(await t.request(`/api/policies/${policyId}/premium-payments`, { cookie: agent.cookie }));
    expect(list.rows.map((r: { amount: string }) => r.amount)).toContain('99.99');
    const mine = list.rows.find((r: { amount: string }) => r.amount === '99.99');
    // the owner can open the member's file (agency file)
    const link = await json(await t.request(`/api/files/${mine.files[0].id}/link`, { cookie: agent.cookie }));
    expect((await t.request(link.url, { cookie: agent.cookie })).status).toBe(200);
  });
});
