// Automatic signature reminders (issue 32) on a moved clock: 3 and 7 days after sending, never twice
// within a day (the agent's manual reminder counts), never after signing, declining or expiry, never
// once portal access is revoked; once even when two instances run the job at the same moment; the
// e-mail is in the agency's name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signatureRequests } from '#server/db/schema.ts';
import { setClock } from '#server/platform/clock.ts';
import { workOnce } from '#server/jobs/runner.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser, waitForMail } from '#server/test/harness.ts';
import { portalSteps } from '#server/test/portal-client.ts';
import { remindSignatures } from './signature-reminders.ts';

let t: TestContext;
let agent: TestUser;
let steps: ReturnType<typeof portalSteps>;
const DAY = 86_400_000;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestContext();
  steps = portalSteps(t);
  agent = await createUser(t, { tier: 'business' });
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

/** A pending request sent at `sent`, and the client's session. */
async function pending(email: string, sent: Date) {
  const customer = await steps.invitedCustomer(agent, email, 'Rita Reminded');
  const documentId = await steps.agentUpload(agent.cookie, { customer_id: customer.id }, 'Renewal form.pdf');
  const res = await t.request(`/api/documents/${documentId}/signature`, { json: {}, cookie: agent.cookie });
  expect(res.status, await res.clone().text()).toBe(201);
  const id: string = (await json(res)).request.id;
  // sent at `sent` (created_at is the database's clock)
  await t.db.update(signatureRequests).set({ createdAt: sent, expiresAt: new Date(sent.getTime() + 30 * DAY) }).where(eq(signatureRequests.id, id));
  // the request's own e-mail goes now: only reminders are counted below
  await workOnce(t.deps, { name: 'signatures.mail', limit: 50 });
  return { id, customer, email };
}

/** Runs the reminder job at `at`, then the e-mails it queued; the reminders `email` received. */
async function runAt(at: Date, email: string) {
  const before = t.mail.sent.filter((m) => m.to === email && m.subject.startsWith('Reminder:')).length;
  const n = await remindSignatures(t.db, at);
  await workOnce(t.deps, { name: 'signatures.mail', limit: 50 });
  return { n, mails: t.mail.sent.filter((m) => m.to === email && m.subject.startsWith('Reminder:')).length - before };
}

describe('automatic signature reminders', () => {
  it('after 3 and after 7 days, once each, never twice in a day, in the agency’s name', async () => {
    const sent = new Date('2030-03-01T10:00:00Z');
    const { id, email } = await pending('auto@example.com', sent);
    const at = (ms: number) => new Date(sent.getTime() + ms);
    expect(await runAt(at(2 * DAY + 23 * HOUR), email)).toEqual({ n: 0, mails: 0 });
    expect(await runAt(at(3 * DAY + HOUR), email)).toEqual({ n: 1, mails: 1 });
    const mail = t.mail.sent.filter((m) => m.to === email).at(-1)!;
    expect(mail.subject).toMatch(/^Reminder: .+ asks you to sign a document$/);
    expect(mail.text).toContain('Renewal form.pdf');
    expect(await runAt(at(3 * DAY + 2 * HOUR), email)).toEqual({ n: 0, mails: 0 });
    expect(await runAt(at(5 * DAY), email)).toEqual({ n: 0, mails: 0 });
    expect(await runAt(at(7 * DAY + HOUR), email)).toEqual({ n: 1, mails: 1 });
    expect(await runAt(at(9 * DAY), email)).toEqual({ n: 0, mails: 0 });
    expect(await runAt(at(20 * DAY), email)).toEqual({ n: 0, mails: 0 });
    const [row] = await t.db.select().from(signatureRequests).where(eq(signatureRequests.id, id));
    expect(row.remindedAt?.toISOString()).toBe(at(7 * DAY + HOUR).toISOString());
  });

  it('a manual reminder counts: the automatic one waits a day after it', async () => {
    const sent = new Date('2030-04-01T10:00:00Z');
    const { id, email } = await pending('manual@example.com', sent);
    setClock(new Date(sent.getTime() + 2 * DAY + 12 * HOUR));
    expect((await t.request(`/api/signature-requests/${id}/remind`, { method: 'POST', cookie: agent.cookie })).status).toBe(200);
    setClock(null);
    await waitForMail(t, email, /^Reminder:/);
    expect(await runAt(new Date(sent.getTime() + 3 * DAY + HOUR), email)).toEqual({ n: 0, mails: 0 });
    expect(await runAt(new Date(sent.getTime() + 3 * DAY + 13 * HOUR), email)).toEqual({ n: 1, mails: 1 });
  });

  it('two instances at the same moment remind once', async () => {
    const sent = new Date('2030-05-01T10:00:00Z');
    const { email } = await pending('twice@example.com', sent);
    const at = new Date(sent.getTime() + 3 * DAY + HOUR);
    const [a, b] = await Promise.all([remindSignatures(t.db, at), remindSignatures(t.db, at)]);
    expect(a + b).toBe(1);
    await workOnce(t.deps, { name: 'signatures.mail', limit: 50 });
    expect(t.mail.sent.filter((m) => m.to === email && m.subject.startsWith('Reminder:'))).toHaveLength(1);
  });

  it('never after signing, declining, expiry, or revoked portal access', async () => {
    const sent = new Date('2030-06-01T10:00:00Z');
    const signed = await pending('done@example.com', sent);
    const declined = await pending('no@example.com', sent);
    const revoked = await pending('gone@example.com', sent);
    const expired = await pending('late@example.com', sent);
    // signing itself is signatures.test's: here only its end state matters
    await t.db.update(signatureRequests).set({ state: 'signed', signedAt: new Date() }).where(eq(signatureRequests.id, signed.id));
    const declineIn = await steps.signInClient(declined.email);
    expect((await t.request(`/api/portal/signatures/${declined.id}/decline`, { json: {}, cookie: declineIn })).status).toBe(200);
    expect((await t.request(`/api/customers/${revoked.customer.id}/portal/revoke`, { method: 'POST', cookie: agent.cookie })).status).toBeLessThan(300);
    // only the one still waiting is reminded
    expect((await runAt(new Date(sent.getTime() + 3 * DAY + HOUR), expired.email)).mails).toBe(1);
    for (const r of [signed, declined, revoked]) expect((await runAt(new Date(sent.getTime() + 7 * DAY + HOUR), r.email)).mails).toBe(0);
    // past its 30 days, the one never signed is reminded no more
    expect(await runAt(new Date(sent.getTime() + 31 * DAY), expired.email)).toEqual({ n: 0, mails: 0 });
  });
});
