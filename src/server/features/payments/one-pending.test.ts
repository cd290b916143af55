// A user has at most one Pending upgrade submission: a new one replaces it, also when sent at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PAYMENT_TEXT } from '#shared/payments.ts';
import { paymentSubmissions } from '#server/db/schema.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { fileOf, PDF } from './fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

function submit(u: TestUser, tier = 'business') {
  const fd = new FormData();
  const fields = { selected_tier: tier, payment_method: 'PayPal', payment_date: new Date().toISOString().slice(0, 10), agreed_to_terms: 'true' };
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('receipt', fileOf(PDF, 'receipt.pdf'));
  return t.request('/api/payment-submissions', { method: 'POST', body: fd, cookie: u.cookie });
}

const pendingOf = (userId: string) =>
  t.db.select().from(paymentSubmissions).where(and(eq(paymentSubmissions.userId, userId), eq(paymentSubmissions.status, 'Pending')));

describe('one pending upgrade submission per user', () => {
  it('a new submission replaces the pending one, which is closed with a note', async () => {
    const u = await createUser(t);
    const first = (await json(await submit(u, 'professional'))).submission;
    const second = (await json(await submit(u, 'enterprise'))).submission;
    const pending = await pendingOf(u.id);
    expect(pending.map((p) => p.id)).toEqual([second.id]);
    const history = (await json(await t.request('/api/payment-submissions', { cookie: u.cookie }))).rows;
    expect(history.find((r: { id: string }) => r.id === first.id)).toMatchObject({ status: 'Rejected', admin_notes: PAYMENT_TEXT.replaced });
  });

  it('parallel submissions all succeed and leave exactly one pending', async () => {
    const u = await createUser(t);
    const answers = await Promise.all([submit(u), submit(u), submit(u), submit(u)]);
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(await pendingOf(u.id)).toHaveLength(1);
  });

  it('the database itself refuses a second pending row', async () => {
    const u = await createUser(t);
    const first = (await json(await submit(u))).submission;
    const [row] = await t.db.select().from(paymentSubmissions).where(eq(paymentSubmissions.id, first.id));
    const { id: _id, ...copy } = row;
    await expect(t.db.insert(paymentSubmissions).values(copy)).rejects.toThrow();
  });
});
