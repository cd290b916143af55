// The client portal's door and what is behind it (issue 32): codes (expiry, tries, replay, limits,
// no account discovery), client sessions (own kind, revoked at once), isolation between clients and
// agencies, change requests, the generated PDFs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PORTAL_TEXT } from '#shared/portal.ts';
import { agencyBranding, notifications, policies, portalCodes, tasks } from '#server/db/schema.ts';
import { readTasksDueToday } from '#server/entities/tasks/digest.ts';
import { setClock } from '#server/platform/clock.ts';
import { createCustomer, createPolicy } from '#server/test/factories.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { createUser, json, waitForMail, type TestContext, type TestUser } from '#server/test/harness.ts';
import { MINIMAL_PDF, portalSteps, portalWorld } from '#server/test/portal-client.ts';
import { dueAfterBusinessDays } from './service.ts';

let t: TestContext, agent: TestUser, otherAgency: TestUser, steps: ReturnType<typeof portalSteps>;
const nextIp = () => steps.nextIp();
const post = (...a: Parameters<ReturnType<typeof portalSteps>['post']>) => steps.post(...a);
const invitedCustomer = (...a: Parameters<ReturnType<typeof portalSteps>['invitedCustomer']>) => steps.invitedCustomer(...a);
const codeFor = (email: string, ip: string) => steps.codeFor(email, ip);
const signInClient = (email: string, opts: { remember?: boolean } = {}) => steps.signInClient(email, opts);
const get = (path: string, cookie: string) => t.request(path, { cookie });
const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => void ({ t, agent, otherAgency, steps } = await portalWorld()));
afterAll(async () => {
  setClock(null);
  await t.close();
});

describe('invitation', () => {
  it('e-mails the customer a link to /portal in the agency’s name', async () => {
    const customer = await invitedCustomer(agent, 'invitee@example.com', 'Ivy Invitee');
    const mail = await waitForMail(t, 'invitee@example.com', /client portal/);
    expect(mail.text).toContain('http://localhost:3000/portal');
    expect(mail.fromName).toBe('Test Agency');
    const status = await json(await get(`/api/customers/${customer.id}/portal`, agent.cookie));
    expect(status.invited).toBe(true);
  });

  it('refuses a Professional agency (Business feature) and another agency’s customer (404)', async () => {
    const pro = await createUser(t, { tier: 'professional' });
    const c = await createCustomer(t.request, pro.cookie);
    expect((await t.request(`/api/customers/${c.id}/portal/invite`, { method: 'POST', cookie: pro.cookie })).status).toBe(403);
    const mine = await createCustomer(t.request, agent.cookie);
    expect((await t.request(`/api/customers/${mine.id}/portal/invite`, { method: 'POST', cookie: otherAgency.cookie })).status).toBe(404);
  });
});

describe('white label', () => {
  it('on Enterprise the invitation, the code e-mail and the portal wear the agency’s brand; below Enterprise its own name', async () => {
    const brandRow = { displayName: 'Bright Brand', primaryColor: '#0f766e', supportEmail: 'help@bright.example', supportPhone: '555-0142' };
    const agencyOf = async (u: TestUser) => (await json(await get('/api/me', u.cookie))).agency.id;
    const enterprise = await createUser(t, { tier: 'enterprise', company: 'Plain Name Agency' });
    await t.db.insert(agencyBranding).values({ agencyId: await agencyOf(enterprise), ...brandRow });
    await invitedCustomer(enterprise, 'branded@example.com', 'Bea Branded');
    expect((await waitForMail(t, 'branded@example.com', /client portal/)).fromName).toBe('Bright Brand');
    const code = await codeFor('branded@example.com', nextIp());
    expect(t.mail.sent.find((m) => m.to === 'branded@example.com' && m.subject.includes(code))?.fromName).toBe('Bright Brand');
    const cookie = await signInClient('branded@example.com');
    expect((await json(await get('/api/portal/me', cookie))).agency).toMatchObject({ name: 'Bright Brand', color: '#0f766e', support_email: 'help@bright.example', support_phone: '555-0142' });

    // a Business agency with a brand row left from an Enterprise past: its own name
    const business = await createUser(t, { tier: 'business', company: 'Own Name Agency' });
    await t.db.insert(agencyBranding).values({ agencyId: await agencyOf(business), ...brandRow });
    await invitedCustomer(business, 'unbranded@example.com');
    expect((await waitForMail(t, 'unbranded@example.com', /client portal/)).fromName).toBe('Own Name Agency');
    const plain = await signInClient('unbranded@example.com');
    expect((await json(await get('/api/portal/me', plain))).agency).toMatchObject({ name: 'Own Name Agency', support_email: null });
  });
});

describe('one-time codes', () => {
  it('gives the same answer for a known and an unknown address, and mails only the known one', async () => {
    await invitedCustomer(agent, 'known@example.com');
    t.mail.sent.length = 0;
    const known = await post('/api/portal/auth/code', { email: 'known@example.com' });
    const unknown = await post('/api/portal/auth/code', { email: 'nobody@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await json(known)).toEqual(await json(unknown));
    await waitForMail(t, 'known@example.com', /sign-in code/);
    expect(t.mail.sent.filter((m) => m.to === 'nobody@example.com')).toHaveLength(0);
  });

  it('names the field of a bad address and a bad code (400)', async () => {
    const bad = await post('/api/portal/auth/code', { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.email).toBeTruthy();
    const res = await post('/api/portal/auth/verify', { email: 'known@example.com', code: '12ab' });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.code).toBe(PORTAL_TEXT.codeRequired);
  });

  it('signs in with the right code once: the same code again is refused (no replay)', async () => {
    await invitedCustomer(agent, 'once@example.com');
    const ip = nextIp();
    const code = await codeFor('once@example.com', ip);
    expect((await post('/api/portal/auth/verify', { email: 'once@example.com', code }, { ip })).status).toBe(200);
    const again = await post('/api/portal/auth/verify', { email: 'once@example.com', code }, { ip });
    expect(again.status).toBe(400);
    expect((await json(again)).error.message).toBe(PORTAL_TEXT.codeWrong);
  });

  it('stores only a hash of the code', async () => {
    await invitedCustomer(agent, 'hashed@example.com');
    const code = await codeFor('hashed@example.com', nextIp());
    const [row] = await t.db.select().from(portalCodes).where(eq(portalCodes.email, 'hashed@example.com'));
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses an expired code (after 10 minutes)', async () => {
    await invitedCustomer(agent, 'late@example.com');
    const ip = nextIp();
    const code = await codeFor('late@example.com', ip);
    setClock(new Date(Date.now() + 10 * 60_000 + 1000));
    try {
      const res = await post('/api/portal/auth/verify', { email: 'late@example.com', code }, { ip });
      expect(res.status).toBe(400);
      expect((await json(res)).error.code).toBe('INVALID_CODE');
    } finally {
      setClock(null);
    }
  });

  it('allows 5 tries: after 5 wrong codes even the right one is refused until a new code is asked for', async () => {
    await invitedCustomer(agent, 'guess@example.com');
    const ip = nextIp();
    const code = await codeFor('guess@example.com', ip);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await json(await post('/api/portal/auth/verify', { email: 'guess@example.com', code: wrongCode }, { ip }))).error.code);
    expect(answers).toEqual(['INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'CODE_USED_UP']);
    const right = await post('/api/portal/auth/verify', { email: 'guess@example.com', code }, { ip });
    expect(right.status).toBe(400);
    const fresh = await codeFor('guess@example.com', nextIp());
    expect((await post('/api/portal/auth/verify', { email: 'guess@example.com', code: fresh })).status).toBe(200);
  });

  it('limits code requests per address and per client address (429)', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post('/api/portal/auth/code', { email: 'flood@example.com' }, { ip: nextIp() })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const perClient: number[] = [];
    for (let i = 0; i < 21; i++) perClient.push((await post('/api/portal/auth/code', { email: `someone${i}@example.com` }, { ip })).status);
    expect(perClient.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(perClient[20]).toBe(429);
    expect((await json(await post('/api/portal/auth/code', { email: 'x@example.com' }, { ip }))).error.message).toBe(PORTAL_TEXT.tooMany);
  });

  it('limits code checks per address and per client address (429), before the code is looked at', async () => {
    await invitedCustomer(agent, 'checks@example.com');
    const statuses: number[] = [];
    // 10 checks of one address from 10 client addresses (each code's 5 tries is its own limit: a new code each time)
    for (let i = 0; i < 11; i++) statuses.push((await post('/api/portal/auth/verify', { email: 'checks@example.com', code: '000000' }, { ip: nextIp() })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // even the right code, once over the limit
    const code = await codeFor('checks@example.com', nextIp());
    const limited = await post('/api/portal/auth/verify', { email: 'checks@example.com', code }, { ip: nextIp() });
    expect(limited.status).toBe(429);
    expect((await json(limited)).error.message).toBe(PORTAL_TEXT.tooMany);
    const ip = nextIp();
    const perClient: number[] = [];
    for (let i = 0; i < 31; i++) perClient.push((await post('/api/portal/auth/verify', { email: `guesser${i}@example.com`, code: '123456' }, { ip })).status);
    expect(perClient.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(perClient[30]).toBe(429);
  });

  it('refuses NUL bytes in the address or code with a 400', async () => {
    expect((await post('/api/portal/auth/code', { email: 'a\u0000@example.com' })).status).toBe(400);
    expect((await post('/api/portal/auth/verify', { email: 'a@example.com', code: '12345\u0000' })).status).toBe(400);
  });
});

describe('client sessions', () => {
  it('are their own kind: an agency route refuses a client session, and the portal refuses an agent’s', async () => {
    await invitedCustomer(agent, 'kind@example.com');
    const cookie = await signInClient('kind@example.com');
    expect(cookie).toMatch(/^policydesk\.portal=/);
    expect((await get('/api/me', cookie)).status).toBe(401);
    expect((await get('/api/customers', cookie)).status).toBe(401);
    expect((await get('/api/portal/policies', agent.cookie)).status).toBe(401);
    expect((await get('/api/portal/policies', cookie)).status).toBe(200);
  });

  it('"remember this device" keeps the cookie 30 days; otherwise it ends with the browser', async () => {
    await invitedCustomer(agent, 'remember@example.com');
    const ip = nextIp();
    const code = await codeFor('remember@example.com', ip);
    const res = await post('/api/portal/auth/verify', { email: 'remember@example.com', code, remember: true }, { ip });
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Path=\/api\/portal/);
    const ip2 = nextIp();
    const code2 = await codeFor('remember@example.com', ip2);
    const plain = await post('/api/portal/auth/verify', { email: 'remember@example.com', code: code2 }, { ip: ip2 });
    expect(plain.headers.getSetCookie().join('\n')).not.toMatch(/Max-Age/);
  });

  it('end at once when the agent revokes access, and when the customer is deleted', async () => {
    const c1 = await invitedCustomer(agent, 'revoked@example.com');
    const cookie = await signInClient('revoked@example.com');
    expect((await get('/api/portal/policies', cookie)).status).toBe(200);
    expect((await t.request(`/api/customers/${c1.id}/portal/revoke`, { method: 'POST', cookie: agent.cookie })).status).toBe(200);
    expect((await get('/api/portal/policies', cookie)).status).toBe(401);
    // a new code is not even sent: the address is no client any more
    t.mail.sent.length = 0;
    await post('/api/portal/auth/code', { email: 'revoked@example.com' });
    await new Promise((r) => setTimeout(r, 50));
    expect(t.mail.sent.filter((m) => m.to === 'revoked@example.com')).toHaveLength(0);

    const c2 = await invitedCustomer(agent, 'deleted@example.com');
    const cookie2 = await signInClient('deleted@example.com');
    expect((await t.request(`/api/customers/${c2.id}`, { method: 'DELETE', cookie: agent.cookie })).status).toBeLessThan(300);
    expect((await get('/api/portal/policies', cookie2)).status).toBe(401);
  });

  it('end when the customer’s e-mail changes (a new invitation is needed for the new address)', async () => {
    const c = await invitedCustomer(agent, 'moved@example.com', 'Mo Moved');
    const cookie = await signInClient('moved@example.com');
    const res = await t.request(`/api/customers/${c.id}`, { method: 'PUT', cookie: agent.cookie, json: { name: 'Mo Moved', email: 'moved-new@example.com' } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await get('/api/portal/policies', cookie)).status).toBe(401);
  });

  it('refuse a request from another site (CSRF): a forged form cannot write as the client', async () => {
    await invitedCustomer(agent, 'forged@example.com');
    const cookie = await signInClient('forged@example.com');
    const forged: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of forged) {
      const res = await t.request('/api/portal/messages', { json: { body: 'sent by a forged form' }, cookie, headers });
      expect(res.status).toBe(403);
      expect((await json(res)).error.code).toBe('CSRF');
    }
    expect((await json(await get('/api/portal/messages', cookie))).messages).toEqual([]);
  });

  it('sign-out ends the session', async () => {
    await invitedCustomer(agent, 'bye@example.com');
    const cookie = await signInClient('bye@example.com');
    expect((await post('/api/portal/auth/sign-out', {}, { cookie })).status).toBe(200);
    expect((await get('/api/portal/me', cookie)).status).toBe(401);
  });

  it('one e-mail, two agencies: the client picks the agency after the code, and sees only that one’s', async () => {
    const a = await invitedCustomer(agent, 'both@example.com', 'Both In A');
    const b = await invitedCustomer(otherAgency, 'both@example.com', 'Both In B');
    await createPolicy(t.request, agent.cookie, { customer_id: a.id, customer_name: a.name, customer_email: a.email, policy_number: 'BOTH-A' });
    await createPolicy(t.request, otherAgency.cookie, { customer_id: b.id, customer_name: b.name, customer_email: b.email, policy_number: 'BOTH-B' });
    const cookie = await signInClient('both@example.com');
    const me = await json(await get('/api/portal/me', cookie));
    expect(me.agency).toBeNull();
    expect(me.agencies).toHaveLength(2);
    expect((await json(await get('/api/portal/policies', cookie))).error.code).toBe('CHOOSE_AGENCY');
    const bId = (await json(await get('/api/me', otherAgency.cookie))).agency.id;
    expect((await post('/api/portal/auth/choose', { agency_id: bId }, { cookie })).status).toBe(200);
    const numbers = (await json(await get('/api/portal/policies', cookie))).policies.map((p: { policy_number: string }) => p.policy_number);
    expect(numbers).toEqual(['BOTH-B']);
    // an agency where the address is no client: 404
    const stranger = await createUser(t, { tier: 'business' });
    const sId = (await json(await get('/api/me', stranger.cookie))).agency.id;
    expect((await post('/api/portal/auth/choose', { agency_id: sId }, { cookie })).status).toBe(404);
  });

  it('stop when the agency’s plan no longer includes the portal', async () => {
    const starterish = await createUser(t, { tier: 'business' });
    await invitedCustomer(starterish, 'downgraded@example.com');
    const cookie = await signInClient('downgraded@example.com');
    const { user } = await import('#server/db/schema.ts');
    await t.db.update(user).set({ subscriptionTier: 'starter' }).where(eq(user.id, starterish.id));
    const res = await get('/api/portal/policies', cookie);
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(PORTAL_TEXT.unavailable);
  });
});

describe('what a client sees', () => {
  let client: { id: string; name: string; email: string };
  let cookie: string;
  let carId: string;
  let fireId: string;
  let otherClientPolicy: string;
  let otherAgencyPolicy: string;

  beforeAll(async () => {
    client = await invitedCustomer(agent, 'sees@example.com', 'Sam Sees');
    // terms in force today: an ended one has no card
    const car = await createPolicy(t.request, agent.cookie, { customer_id: client.id, customer_name: client.name, customer_email: client.email, policy_number: 'CAR-SEE-1', start_date: daysFromNow(-30) });
    const fire = await createPolicy(t.request, agent.cookie, { policy_type: 'fire', customer_id: client.id, customer_name: client.name, customer_email: client.email, policy_number: 'FIRE-SEE-1', start_date: daysFromNow(-30) });
    carId = car.id;
    fireId = fire.id;
    const neighbour = await invitedCustomer(agent, 'neighbour@example.com', 'Ned Neighbour');
    otherClientPolicy = (await createPolicy(t.request, agent.cookie, { customer_id: neighbour.id, customer_name: neighbour.name, customer_email: neighbour.email })).id;
    otherAgencyPolicy = (await createPolicy(t.request, otherAgency.cookie)).id;
    cookie = await signInClient('sees@example.com');
  });

  it('lists their own policies with status, term, money and the line’s details', async () => {
    const { policies } = await json(await get('/api/portal/policies', cookie));
    expect(policies.map((p: { policy_number: string }) => p.policy_number).sort()).toEqual(['CAR-SEE-1', 'FIRE-SEE-1']);
    const car = policies.find((p: { id: string }) => p.id === carId);
    expect(car).toMatchObject({ carrier: 'Acme Mutual', premium: '$1,234.50', deductible: '$500.00', card: 'id-card', policy_type: 'Car' });
    expect(car.details).toContainEqual({ label: 'VIN Number', value: 'VIN123' });
    expect(car.status).toBe('active');
  });

  it('downloads the ID card (a real PDF with the VIN and policy number) and the evidence of insurance', async () => {
    const res = await get(`/api/portal/policies/${carId}/card?download=1`, cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain('VIN123');
    expect(text).toContain('CAR-SEE-1');
    expect(text).toContain('Test Agency');
    // the rest of what the issue lists: insured, vehicle, term, carrier (the agency's contacts: cards.test)
    for (const fact of ['AUTOMOBILE INSURANCE IDENTIFICATION CARD', 'Sam Sees', 'Toyota', 'Corolla', 'Acme Mutual', `${daysFromNow(-30)} to `, 'Not an ACORD form']) expect(text).toContain(fact);
    const evidence = await get(`/api/portal/policies/${fireId}/card`, cookie);
    expect(evidence.status).toBe(200);
    const fireText = await pdfText(new Uint8Array(await evidence.arrayBuffer()));
    expect(fireText).toContain('EVIDENCE OF PROPERTY INSURANCE');
    expect(fireText).toContain('1 Main St');
  });

  it('the agent downloads the same card from the policy', async () => {
    const res = await get(`/api/policies/${carId}/card`, agent.cookie);
    expect(res.status).toBe(200);
    expect(await pdfText(new Uint8Array(await res.arrayBuffer()))).toContain('VIN123');
    expect((await get(`/api/policies/${carId}/card`, otherAgency.cookie)).status).toBe(404);
  });

  it('has no ID card or evidence for a term not in force (not bound, ended, cancelled); a scheduled cancellation ends the card', async () => {
    const terms = {
      ended: await createPolicy(t.request, agent.cookie, { customer_id: client.id, customer_name: client.name, customer_email: client.email, policy_number: 'CAR-ENDED', start_date: daysFromNow(-400) }),
      unbound: await createPolicy(t.request, agent.cookie, { customer_id: client.id, customer_name: client.name, customer_email: client.email, policy_number: 'CAR-QUOTE', start_date: daysFromNow(-10), status: 'pending' }),
      cancelled: await createPolicy(t.request, agent.cookie, { policy_type: 'fire', customer_id: client.id, customer_name: client.name, customer_email: client.email, policy_number: 'FIRE-CANCELLED', start_date: daysFromNow(-60) }),
    };
    await t.db.update(policies).set({ cancelEffectiveDate: daysFromNow(-5) }).where(eq(policies.id, terms.cancelled.id));
    const future = await createPolicy(t.request, agent.cookie, { customer_id: client.id, customer_name: client.name, customer_email: client.email, policy_number: 'CAR-NEXT', start_date: daysFromNow(10) });
    const { policies: listed } = await json(await get('/api/portal/policies', cookie));
    const cardOf = (number: string) => listed.find((p: { policy_number: string }) => p.policy_number === number);
    expect([cardOf('CAR-ENDED'), cardOf('CAR-QUOTE'), cardOf('FIRE-CANCELLED')].map((p) => [p.status, p.card])).toEqual([
      ['expired', null],
      ['pending', null],
      ['cancelled', null],
    ]);
    // bound, not started yet: the card is there (a client asks for it before the car is on the road)
    expect(cardOf('CAR-NEXT')).toMatchObject({ status: 'pending', card: 'id-card' });
    for (const { id } of Object.values(terms)) {
      for (const res of [await get(`/api/portal/policies/${id}/card`, cookie), await get(`/api/policies/${id}/card`, agent.cookie)]) {
        expect(res.status).toBe(409);
        expect((await json(res)).error.message).toBe(PORTAL_TEXT.notInForce);
      }
    }
    expect((await get(`/api/portal/policies/${future.id}/card`, cookie)).status).toBe(200);

    // a cancellation scheduled for later: the card is issued, and ends on the cancellation date
    await t.db.update(policies).set({ cancelEffectiveDate: daysFromNow(20) }).where(eq(policies.id, carId));
    try {
      const text = await pdfText(new Uint8Array(await (await get(`/api/portal/policies/${carId}/card`, cookie)).arrayBuffer()));
      expect(text).toContain(`to ${daysFromNow(20)}`);
    } finally {
      await t.db.update(policies).set({ cancelEffectiveDate: null }).where(eq(policies.id, carId));
    }
  });

  it('cannot see another client’s policy in the same agency, or another agency’s (404)', async () => {
    for (const id of [otherClientPolicy, otherAgencyPolicy]) {
      expect((await get(`/api/portal/policies/${id}/card`, cookie)).status).toBe(404);
      expect((await post('/api/portal/requests', { policy_id: id, kind: 'other', details: 'x' }, { cookie })).status).toBe(404);
    }
    expect((await get('/api/portal/policies/not-a-uuid/card', cookie)).status).toBe(404);
  });

  it('requests a change: a task for the assignee due in one business day, its state and the agent’s reply', async () => {
    const missing = await post('/api/portal/requests', { policy_id: carId, kind: 'add_driver', details: '' }, { cookie });
    expect(missing.status).toBe(400);
    expect((await json(missing)).error.fields.details).toBe(PORTAL_TEXT.detailsRequired);
    const badKind = await post('/api/portal/requests', { policy_id: carId, kind: 'steal', details: 'x' }, { cookie });
    expect((await json(badKind)).error.fields.kind).toBe(PORTAL_TEXT.kindRequired);

    const res = await post('/api/portal/requests', { policy_id: carId, kind: 'add_driver', details: 'Please add my son Tom.' }, { cookie });
    expect(res.status, await res.clone().text()).toBe(201);
    const { request } = await json(res);
    expect(request).toMatchObject({ state: 'received', kind: 'add_driver', policy_number: 'CAR-SEE-1', reply: null });
    const [task] = await t.db.select().from(tasks).where(eq(tasks.policyId, carId));
    expect(task.title).toBe('Client request: Add a driver (CAR-SEE-1)');
    expect(task.assigneeId).toBe(agent.id);
    // the agent sees it among their tasks and on the customer's timeline
    const timeline = await json(await get(`/api/customers/${client.id}/timeline`, agent.cookie));
    expect(JSON.stringify(timeline.rows)).toContain('Client request: Add a driver');

    const answer = await t.request(`/api/portal-requests/${request.id}`, { method: 'PATCH', cookie: agent.cookie, json: { state: 'done', reply: 'Tom is added from Monday.' } });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const mine = (await json(await get('/api/portal/requests', cookie))).requests;
    expect(mine[0]).toMatchObject({ state: 'done', reply: 'Tom is added from Monday.' });
    expect((await t.request(`/api/portal-requests/${request.id}`, { method: 'PATCH', cookie: otherAgency.cookie, json: { state: 'done' } })).status).toBe(404);
  });

  it('the request follows its task: completed from the task list is Done for the client, reopened is In progress', async () => {
    const res = await post('/api/portal/requests', { policy_id: fireId, kind: 'certificate', details: 'A certificate for my landlord, please.' }, { cookie });
    const { request } = await json(res);
    const [task] = await t.db.select().from(tasks).where(eq(tasks.title, 'Client request: Ask for a certificate (FIRE-SEE-1)'));
    const stateOf = async () => (await json(await get('/api/portal/requests', cookie))).requests.find((r: { id: string }) => r.id === request.id).state;
    expect((await t.request(`/api/tasks/${task.id}/done`, { method: 'POST', cookie: agent.cookie })).status).toBe(200);
    expect(await stateOf()).toBe('done');
    expect((await t.request(`/api/tasks/${task.id}/done`, { method: 'DELETE', cookie: agent.cookie })).status).toBe(200);
    expect(await stateOf()).toBe('in_progress');
    // and the other way: Done on the customer page completes the task; In progress again reopens it
    await t.request(`/api/portal-requests/${request.id}`, { method: 'PATCH', cookie: agent.cookie, json: { state: 'done' } });
    expect((await t.db.select().from(tasks).where(eq(tasks.id, task.id)))[0].completedAt).not.toBeNull();
    await t.request(`/api/portal-requests/${request.id}`, { method: 'PATCH', cookie: agent.cookie, json: { state: 'in_progress', reply: 'One more detail needed.' } });
    expect((await t.db.select().from(tasks).where(eq(tasks.id, task.id)))[0].completedAt).toBeNull();
    expect(await stateOf()).toBe('in_progress');
  });

  it('tells the assignee: a bell notice now, and the digest on the day the task is due', async () => {
    const res = await post('/api/portal/requests', { policy_id: carId, kind: 'change_address', details: 'We moved to 12 Pine Rd.' }, { cookie });
    expect(res.status).toBe(201);
    const [task] = await t.db.select().from(tasks).where(eq(tasks.title, 'Client request: Change my address (CAR-SEE-1)'));
    expect(task.dueAt.toISOString()).toBe(dueAfterBusinessDays(task.createdAt, 'UTC').toISOString());
    const [notice] = await t.db.select().from(notifications).where(and(eq(notifications.userId, agent.id), eq(notifications.kind, 'task_assigned'), eq(notifications.link, `/dashboard/crm/tasks?task=${task.id}`)));
    expect(notice.title).toContain('Client request: Change my address');
    const dueDay = task.dueAt.toISOString().slice(0, 10);
    expect((await readTasksDueToday(t.db, 'UTC', dueDay)).map((d) => d.taskId)).toContain(task.id);
  });
});

describe('documents for the client', () => {
  const PDF_BYTES = MINIMAL_PDF;
  const uploadTo = (cookie: string, fields: Record<string, string>, name: string) => steps.agentUpload(cookie, fields, name);
  const share = (id: string, shared: boolean, cookie = agent.cookie) => t.request(`/api/documents/${id}/shared`, { method: 'PUT', cookie, json: { shared } });

  it('shows only the documents the agent shared, of the client’s own record and policies', async () => {
    const me = await invitedCustomer(agent, 'docs@example.com', 'Dora Docs');
    const policy = await createPolicy(t.request, agent.cookie, { customer_id: me.id, customer_name: me.name, customer_email: me.email });
    const neighbour = await invitedCustomer(agent, 'docs-neighbour@example.com', 'Nina Neighbour');
    const onPolicy = await uploadTo(agent.cookie, { policy_id: policy.id }, 'Declarations.pdf');
    const onCustomer = await uploadTo(agent.cookie, { customer_id: me.id }, 'Welcome letter.pdf');
    const notShared = await uploadTo(agent.cookie, { customer_id: me.id }, 'Internal notes.pdf');
    const neighbours = await uploadTo(agent.cookie, { customer_id: neighbour.id }, 'Neighbour.pdf');
    const cookie = await signInClient('docs@example.com');
    expect((await json(await get('/api/portal/documents', cookie))).documents).toEqual([]);
    expect((await get(`/api/portal/documents/${onPolicy}`, cookie)).status).toBe(404);

    const shared = await share(onPolicy, true);
    expect(shared.status).toBe(200);
    expect((await json(shared)).message).toBe(PORTAL_TEXT.shared);
    expect((await share(onCustomer, true)).status).toBe(200);
    expect((await share(neighbours, true)).status).toBe(200);
    const names = (await json(await get('/api/portal/documents', cookie))).documents.map((d: { name: string }) => d.name).sort();
    expect(names).toEqual(['Declarations.pdf', 'Welcome letter.pdf']);
    const file = await get(`/api/portal/documents/${onPolicy}?download=1`, cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF_BYTES);
    for (const id of [notShared, neighbours]) expect((await get(`/api/portal/documents/${id}`, cookie)).status).toBe(404);

    // unshared again: gone at once; another agency can't share this agency's document
    expect((await share(onPolicy, false)).status).toBe(200);
    expect((await get(`/api/portal/documents/${onPolicy}`, cookie)).status).toBe(404);
    expect((await share(onCustomer, true, otherAgency.cookie)).status).toBe(404);
    const bad = await t.request(`/api/documents/${onCustomer}/shared`, { method: 'PUT', cookie: agent.cookie, json: { shared: 'yes' } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.shared).toBeTruthy();
  });
});

describe('business days', () => {
  it('a Friday afternoon request is due on Monday; a Tuesday one on Wednesday', () => {
    expect(dueAfterBusinessDays(new Date('2026-11-27T15:00:00Z'), 'UTC').toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(dueAfterBusinessDays(new Date('2026-11-24T09:30:00Z'), 'America/New_York').toISOString()).toBe('2026-11-25T09:30:00.000Z');
  });
});
