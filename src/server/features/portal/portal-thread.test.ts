// The client portal's messages and client uploads (issue 32): the thread both ways with its read
// state, the agent's bell notice and the reply e-mail without the content, the timeline's inbound
// entries; a client's file through the documents' byte checks, marked "from client"; every denial.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DOCUMENT_TEXT } from '#shared/documents.ts';
import { DOCUMENT_QUOTA_BYTES } from '#shared/tiers.ts';
import { PORTAL_TEXT } from '#shared/portal.ts';
import { MESSAGE_TEXT, PORTAL_MESSAGE_MAX, UPLOAD_TEXT } from '#shared/portal-messages.ts';
import { activityLog, documents } from '#server/db/schema.ts';
import { createPolicy } from '#server/test/factories.ts';
import { createUser, json, waitForMail, type TestContext, type TestUser } from '#server/test/harness.ts';
import { MINIMAL_PDF, portalSteps, portalWorld } from '#server/test/portal-client.ts';

let t: TestContext, agent: TestUser, otherAgency: TestUser, steps: ReturnType<typeof portalSteps>;

beforeAll(async () => void ({ t, agent, otherAgency, steps } = await portalWorld()));
afterAll(async () => {
  await t.close();
});

const send = (path: string, body: unknown, cookie: string) => t.request(path, { json: body, cookie });

describe('messages', () => {
  it('the client writes, the agent is told and reads it on the customer page; the reply e-mail never carries the content', async () => {
    const me = await steps.invitedCustomer(agent, 'msg@example.com', 'Mia Message');
    const cookie = await steps.signInClient('msg@example.com');
    expect(await json(await steps.get('/api/portal/messages', cookie))).toEqual({ messages: [], unread: 0 });

    const sent = await send('/api/portal/messages', { body: '  Can I add my son to the car policy?  ' }, cookie);
    expect(sent.status, await sent.clone().text()).toBe(201);
    expect((await json(sent)).message).toMatchObject({ from_client: true, author_name: 'Mia Message', body: 'Can I add my son to the car policy?', read_at: null });

    // the agent who invited the client: a bell notice linking to the customer
    const bell = await json(await steps.get('/api/notifications', agent.cookie));
    expect(bell.rows[0]).toMatchObject({ kind: 'portal_message', title: 'Mia Message sent you a message in the client portal', link: `/dashboard/customers/${me.id}#portal-messages` });
    const thread = await json(await steps.get(`/api/customers/${me.id}/messages`, agent.cookie));
    expect(thread.unread).toBe(1);
    // the customer's timeline: an inbound communication
    const timeline = await json(await steps.get(`/api/customers/${me.id}/timeline?kind=communication`, agent.cookie));
    expect(timeline.rows[0]).toMatchObject({ kind: 'communication', event: 'portal_in', title: 'Client portal message (inbound)', detail: 'Can I add my son to the car policy?' });

    expect((await json(await t.request(`/api/customers/${me.id}/messages/read`, { method: 'POST', cookie: agent.cookie }))).unread).toBe(0);
    t.mail.sent.length = 0;
    const reply = await send(`/api/customers/${me.id}/messages`, { body: 'Yes: his licence number, please. Secret 4711.' }, agent.cookie);
    expect(reply.status).toBe(201);
    const mail = await waitForMail(t, 'msg@example.com', /sent you a message/);
    expect(mail.text).toContain('http://localhost:3000/portal');
    expect(mail.text).not.toContain('4711');
    expect(mail.html ?? '').not.toContain('4711');

    const mine = await json(await steps.get('/api/portal/messages', cookie));
    expect(mine.unread).toBe(1);
    expect(mine.messages.map((m: { from_client: boolean }) => m.from_client)).toEqual([true, false]);
    expect(mine.messages[0].read_at).not.toBeNull();
    expect((await json(await t.request('/api/portal/messages/read', { method: 'POST', cookie }))).unread).toBe(0);
    const outbound = await json(await steps.get(`/api/customers/${me.id}/timeline?kind=communication`, agent.cookie));
    expect(outbound.rows[0]).toMatchObject({ event: 'portal_out', title: 'Client portal message (outbound)' });
  });

  it('names the field of an empty or too long message (400), both sides', async () => {
    const me = await steps.invitedCustomer(agent, 'msg-bad@example.com');
    const cookie = await steps.signInClient('msg-bad@example.com');
    for (const [path, who] of [
      ['/api/portal/messages', cookie],
      [`/api/customers/${me.id}/messages`, agent.cookie],
    ]) {
      const empty = await send(path, { body: '   ' }, who);
      expect(empty.status).toBe(400);
      expect((await json(empty)).error.fields.body).toBe(MESSAGE_TEXT.bodyRequired);
      const long = await send(path, { body: 'x'.repeat(PORTAL_MESSAGE_MAX + 1) }, who);
      expect(long.status).toBe(400);
      expect((await json(long)).error.fields.body).toBe(`Must be at most ${PORTAL_MESSAGE_MAX} characters.`);
    }
  });

  it('refuses a customer not invited, a Professional agency, another agency (404), and the wrong kind of session', async () => {
    const me = await steps.invitedCustomer(agent, 'msg-iso@example.com', 'Iso Client');
    const neighbour = await steps.invitedCustomer(agent, 'msg-neighbour@example.com', 'Ned Neighbour');
    const cookie = await steps.signInClient('msg-iso@example.com');
    expect((await send('/api/portal/messages', { body: 'Only for my agent' }, cookie)).status).toBe(201);

    const revoked = await t.request(`/api/customers/${neighbour.id}/portal/revoke`, { method: 'POST', cookie: agent.cookie });
    expect(revoked.status).toBe(200);
    const notInvited = await send(`/api/customers/${neighbour.id}/messages`, { body: 'Hello' }, agent.cookie);
    expect(notInvited.status).toBe(400);
    expect((await json(notInvited)).error.message).toBe(MESSAGE_TEXT.notInvited);

    expect((await steps.get(`/api/customers/${me.id}/messages`, otherAgency.cookie)).status).toBe(404);
    expect((await send(`/api/customers/${me.id}/messages`, { body: 'x' }, otherAgency.cookie)).status).toBe(404);
    const pro = await createUser(t, { tier: 'professional' });
    expect((await steps.get(`/api/customers/${me.id}/messages`, pro.cookie)).status).toBe(403);
    // a client session on the agent's route, an agent's on the client's
    expect((await steps.get(`/api/customers/${me.id}/messages`, cookie)).status).toBe(401);
    expect((await steps.get('/api/portal/messages', agent.cookie)).status).toBe(401);

    // the neighbour, invited again, sees only their own thread
    await t.request(`/api/customers/${neighbour.id}/portal/invite`, { method: 'POST', cookie: agent.cookie });
    const theirs = await steps.signInClient('msg-neighbour@example.com');
    expect((await json(await steps.get('/api/portal/messages', theirs))).messages).toEqual([]);
  });
});

describe('files from the client', () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]);

  it('land on the customer’s documents marked "from client", and the client sees what they sent', async () => {
    const me = await steps.invitedCustomer(agent, 'files@example.com', 'Fay Files');
    const policy = await createPolicy(t.request, agent.cookie, { customer_id: me.id, customer_name: me.name, customer_email: me.email });
    const cookie = await steps.signInClient('files@example.com');
    const res = await steps.uploadFile('/api/portal/documents/upload', cookie, PNG, 'dent.png', { policy_id: policy.id }, 'image/png');
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await json(res);
    expect(body.message).toBe(UPLOAD_TEXT.uploaded);
    expect(body.document).toMatchObject({ name: 'dent.png', content_type: 'image/png' });

    const card = await json(await steps.get(`/api/documents?customer_id=${me.id}`, agent.cookie));
    expect(card.rows.find((d: { id: string }) => d.id === body.document.id)).toMatchObject({ from_client: true, uploaded_by: null, policy_id: policy.id, customer_id: me.id });
    const [line] = await t.db.select().from(activityLog).where(and(eq(activityLog.entityId, body.document.id), eq(activityLog.action, 'uploaded')));
    expect(line.summary).toContain('Fay Files uploaded dent.png');
    const proof = await steps.uploadFile('/api/portal/documents/upload', cookie, MINIMAL_PDF, 'proof of address.pdf');
    expect(proof.status).toBe(201);
    const [row] = await t.db.select().from(documents).where(eq(documents.id, (await json(proof)).document.id));
    expect(row).toMatchObject({ customerId: me.id, policyId: null, fromClient: true, sharedWithClient: false });
    const listed = (await json(await steps.get('/api/portal/documents', cookie))).documents.map((d: { name: string; from_client: boolean }) => [d.name, d.from_client]);
    expect(listed.sort()).toEqual([
      ['dent.png', true],
      ['proof of address.pdf', true],
    ]);
  });

  it('are checked by their bytes, need a file, and go only to the client’s own policies', async () => {
    await steps.invitedCustomer(agent, 'files-bad@example.com');
    const neighbour = await steps.invitedCustomer(agent, 'files-neighbour@example.com', 'Nick Neighbour');
    const theirPolicy = await createPolicy(t.request, agent.cookie, { customer_id: neighbour.id, customer_name: neighbour.name, customer_email: neighbour.email });
    const cookie = await steps.signInClient('files-bad@example.com');
    const fake = await steps.uploadFile('/api/portal/documents/upload', cookie, new TextEncoder().encode('MZ not a pdf at all'), 'invoice.pdf');
    expect(fake.status).toBe(400);
    expect((await json(fake)).error.message).toBe(DOCUMENT_TEXT.invalidFile);
    const fd = new FormData();
    fd.append('policy_id', theirPolicy.id);
    const none = await t.request('/api/portal/documents/upload', { method: 'POST', body: fd, cookie });
    expect(none.status).toBe(404);
    const other = await steps.uploadFile('/api/portal/documents/upload', cookie, MINIMAL_PDF, 'x.pdf', { policy_id: theirPolicy.id });
    expect(other.status).toBe(404);
    expect((await json(other)).error.message).toBe(PORTAL_TEXT.policyNotFound);
    const bad = await steps.uploadFile('/api/portal/documents/upload', cookie, MINIMAL_PDF, 'x.pdf', { policy_id: 'nope' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.policy_id).toBe(PORTAL_TEXT.policyNotFound);
    const empty = new FormData();
    const missing = await t.request('/api/portal/documents/upload', { method: 'POST', body: empty, cookie });
    expect(missing.status).toBe(400);
    expect((await json(missing)).error.message).toBe(DOCUMENT_TEXT.fileRequired);
    // no client session: 401; an agent's session is not one
    expect((await steps.uploadFile('/api/portal/documents/upload', agent.cookie, MINIMAL_PDF, 'x.pdf')).status).toBe(401);
  });
  it('count against the agency’s storage quota like the Documents card’s (413, nothing stored)', async () => {
    const small = await createUser(t, { tier: 'business' });
    await steps.invitedCustomer(small, 'files-quota@example.com', 'Quinn Quota');
    const agencyId = (await json(await steps.get('/api/me', small.cookie))).agency.id;
    const used = (await json(await steps.get('/api/documents/usage', small.cookie))).used;
    // rows of no real bytes fill the quota up to 1,000 bytes below it
    let left = DOCUMENT_QUOTA_BYTES.business - used - 1000;
    for (let i = 0; left > 0; i++) {
      const size = Math.min(left, 2_000_000_000);
      await t.db.insert(documents).values({ agencyId, name: `filler-${i}`, storageName: 'filler.pdf', storageKey: `filler/${agencyId}/${i}`, contentType: 'application/pdf', size, status: 'ready' });
      left -= size;
    }
    const cookie = await steps.signInClient('files-quota@example.com');
    const big = new Uint8Array(2000).fill(0x0a);
    big.set(MINIMAL_PDF);
    const res = await steps.uploadFile('/api/portal/documents/upload', cookie, big, 'too-much.pdf');
    expect(res.status).toBe(413);
    expect((await json(res)).error).toMatchObject({ code: 'QUOTA_EXCEEDED', message: DOCUMENT_TEXT.quotaExceeded('1000 B') });
    expect(await t.db.select().from(documents).where(eq(documents.name, 'too-much.pdf'))).toHaveLength(0);
    expect((await steps.uploadFile('/api/portal/documents/upload', cookie, MINIMAL_PDF, 'fits.pdf')).status).toBe(201);
  });
});
