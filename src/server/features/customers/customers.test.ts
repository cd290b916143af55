import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CUSTOMER_TEXT } from '#shared/customers.ts';
import { ACCESS_TEXT } from '#shared/access.ts';
import { customerCommunications, customers, policies } from '#server/db/schema.ts';
import { customerPayload } from '#server/test/factories.ts';
import { createUser, twoAgencies, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { EXPORT_BATCH } from './export.ts';
import { customerSearch } from '#server/entities/customers.ts';

let t: TestContext, agent: TestUser, other: TestUser;
beforeAll(async () => void ({ t, agent, other } = await twoAgencies()));
afterAll(() => t.close());

let seq = 0;
function customer(over: Record<string, unknown> = {}) {
  seq += 1;
  return customerPayload(over);
}
const post = (u: TestUser, body: unknown) => t.request('/api/customers', { cookie: u.cookie, json: body });

describe('creating and editing customers', () => {
  it('creates a customer with every field (e-mail stored lower-case, type individual by default)', async () => {
    const res = await post(agent, {
      name: '  Mary Major ',
      email: 'Mary.Major@Example.com',
      phone: '555-0101',
      address: '1 Main St',
      city: 'Springfield',
      postal_code: '12345',
      date_of_birth: '1980-04-01',
      notes: 'Prefers phone calls.',
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({
      name: 'Mary Major',
      email: 'mary.major@example.com',
      phone: '555-0101',
      address: '1 Main St',
      city: 'Springfield',
      postal_code: '12345',
      date_of_birth: '1980-04-01',
      customer_type: 'individual',
      notes: 'Prefers phone calls.',
    });
  });

  it('answers the spec’s validation messages', async () => {
    const empty = await json(await post(agent, { name: ' ', email: '' }));
    expect(empty.error).toMatchObject({
      message: 'Please correct the highlighted fields.',
      fields: { name: 'Full Name is required.', email: 'Email is required.' },
    });
    for (const email of ['plain', 'a@b', 'a b@c.de', '@x.io'])
      expect((await json(await post(agent, customer({ email })))).error.fields).toEqual({ email: 'Please enter a valid email address.' });
    const max = new Date().getFullYear();
    for (const date_of_birth of ['1919-12-31', `${max + 1}-01-01`, '2000-02-30', 'yesterday'])
      expect((await json(await post(agent, customer({ date_of_birth })))).error.fields).toEqual({
        date_of_birth: `Date of birth must be between 1920 and ${max}.`,
      });
    expect((await json(await post(agent, customer({ customer_type: 'vip' })))).error.fields).toEqual({
      customer_type: 'Please choose Individual or Business.',
    });
    expect((await post(agent, customer({ date_of_birth: '1920-01-01', customer_type: 'business' }))).status).toBe(201);
  });

  it('refuses a duplicate e-mail in the agency (also when two arrive at once), allows it in another agency', async () => {
    const body = customer();
    expect((await post(agent, body)).status).toBe(201);
    const dup = await post(agent, { ...body, email: body.email.toUpperCase() });
    expect(dup.status).toBe(409);
    expect((await json(dup)).error).toMatchObject({ code: 'DUPLICATE_CUSTOMER', message: CUSTOMER_TEXT.duplicate, fields: { email: CUSTOMER_TEXT.duplicate } });
    const race = customer();
    const results = await Promise.all([post(agent, race), post(agent, race), post(agent, race)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await post(other, body)).status).toBe(201);
  });

  it('updates a customer; a duplicate e-mail on edit is refused too', async () => {
    const a = await json(await post(agent, customer()));
    const b = await json(await post(agent, customer()));
    const res = await t.request(`/api/customers/${a.id}`, { cookie: agent.cookie, method: 'PUT', json: { ...a, name: 'Renamed', customer_type: 'business' } });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ name: 'Renamed', customer_type: 'business' });
    const dup = await t.request(`/api/customers/${a.id}`, { cookie: agent.cookie, method: 'PUT', json: { ...a, email: b.email } });
    expect(dup.status).toBe(409);
  });

  it('stops at the starter limit of 10 customers, even with 11 parallel creates', async () => {
    const starter = await createUser(t);
    const results = await Promise.all(Array.from({ length: 11 }, () => post(starter, customer())));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.find((r) => r.status === 403)!;
    expect((await json(refused)).error).toMatchObject({ code: 'CUSTOMER_LIMIT_REACHED', message: 'Please upgrade your plan to add more customers.' });
    expect((await json(await t.request('/api/usage', { cookie: starter.cookie }))).customers).toEqual({ count: 10, limit: 10 });
  });
});

describe('the customer profile and deleting', () => {
  it('returns the customer with its policies and communications (newest first)', async () => {
    const c = await json(await post(agent, customer()));
    const pol = await t.request('/api/policies', {
      cookie: agent.cookie,
      json: {
        customer_id: c.id,
        customer_name: c.name,
        customer_email: c.email,
        policy_number: `PRO-${seq}`,
        insurance_company: 'Acme',
        policy_type: 'car',
        premium_amount: '10',
        coverage_amount: '10',
        deductible: '0',
        start_date: '2025-01-01',
        car_details: { vehicle_make: 'A', vehicle_model: 'B', vehicle_year: 2020, vin_number: 'V', driver_license: 'D' },
      },
    });
    expect(pol.status).toBe(201);
    for (const [subject, date] of [
      ['First call', '2025-01-01T10:00:00.000Z'],
      ['Later call', '2025-02-01T10:00:00.000Z'],
    ])
      expect(
        (await t.request(`/api/customers/${c.id}/communications`, { cookie: agent.cookie, json: { type: 'phone', subject, content: 'Talked.', communication_date: date } })).status,
      ).toBe(201);
    const detail = await json(await t.request(`/api/customers/${c.id}`, { cookie: agent.cookie }));
    expect(detail.policies).toEqual([{ id: (await json(pol)).id, policy_number: `PRO-${seq}`, policy_type: 'car', status: 'expired', end_date: '2026-01-01' }]); // ended: the date rule (issue 29)
    expect(detail.communications.map((x: { subject: string }) => x.subject)).toEqual(['Later call', 'First call']);
    expect(detail.communications[0]).toMatchObject({ type: 'phone', content: 'Talked.', created_by: agent.id });
  });

  it('deleting a customer deletes its communications and keeps its policies, unlinked', async () => {
    const c = await json(await post(agent, customer()));
    await t.request(`/api/customers/${c.id}/communications`, { cookie: agent.cookie, json: { content: 'Hello' } });
    const pol = await json(
      await t.request('/api/policies', {
        cookie: agent.cookie,
        json: {
          customer_name: c.name,
          customer_email: c.email,
          policy_number: `DEL-${seq}`,
          insurance_company: 'Acme',
          policy_type: 'fire',
          premium_amount: '10',
          coverage_amount: '10',
          deductible: '0',
          start_date: '2025-01-01',
          fire_details: { property_address: 'x', property_type: 'Flat', construction_year: 2000, property_value: '1' },
        },
      }),
    );
    expect(pol.customer_id).toBe(c.id);
    expect((await t.request(`/api/customers/${c.id}`, { cookie: agent.cookie, method: 'DELETE' })).status).toBe(200);
    expect(await t.db.select().from(customerCommunications).where(eq(customerCommunications.customerId, c.id))).toHaveLength(0);
    const [kept] = await t.db.select().from(policies).where(eq(policies.id, pol.id));
    expect(kept.customerId).toBeNull();
    expect((await t.request(`/api/customers/${c.id}`, { cookie: agent.cookie })).status).toBe(404);
  });

  it('answers non-UUID and unknown ids with 404', async () => {
    for (const id of ['nope', '123', '00000000-0000-4000-8000-000000000000']) {
      expect((await t.request(`/api/customers/${id}`, { cookie: agent.cookie })).status).toBe(404);
      expect((await t.request(`/api/customers/${id}`, { cookie: agent.cookie, method: 'DELETE' })).status).toBe(404);
      expect((await t.request(`/api/customers/${id}`, { cookie: agent.cookie, method: 'PUT', json: customer() })).status).toBe(404);
      expect((await t.request(`/api/customers/${id}/communications`, { cookie: agent.cookie, json: { content: 'x' } })).status).toBe(404);
    }
  });
});

describe('communications', () => {
  it('requires content and a known type; the date defaults to now', async () => {
    const c = await json(await post(agent, customer()));
    const path = `/api/customers/${c.id}/communications`;
    const empty = await t.request(path, { cookie: agent.cookie, json: { type: 'email', content: '  ' } });
    expect(empty.status).toBe(400);
    expect((await json(empty)).error).toMatchObject({ message: 'Content is required.', fields: { content: 'Content is required.' } });
    expect((await json(await t.request(path, { cookie: agent.cookie, json: { type: 'fax', content: 'x' } }))).error.fields).toEqual({
      type: 'Please choose a communication type.',
    });
    expect((await json(await t.request(path, { cookie: agent.cookie, json: { content: 'x', communication_date: 'soon' } }))).error.fields).toEqual({
      communication_date: 'Please enter a valid date and time.',
    });
    const before = Date.now();
    const ok = await json(await t.request(path, { cookie: agent.cookie, json: { type: 'meeting', content: 'Met at the office.' } }));
    expect(ok).toMatchObject({ type: 'meeting', subject: null, content: 'Met at the office.' });
    expect(new Date(ok.communication_date).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('is refused below the business plan, and the profile then carries no log', async () => {
    const pro = await createUser(t, { tier: 'professional' });
    const c = await json(await post(pro, customer()));
    const res = await t.request(`/api/customers/${c.id}/communications`, { cookie: pro.cookie, json: { content: 'x' } });
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(ACCESS_TEXT.tierDenied('business', 'professional'));
    expect((await json(await t.request(`/api/customers/${c.id}`, { cookie: pro.cookie }))).communications).toEqual([]);
  });
});

describe('listing, searching and exporting', () => {
  let lister: TestUser;
  beforeAll(async () => {
    lister = await createUser(t, { tier: 'professional' });
    for (const body of [
      { name: 'Ann Smith', email: 'ann@example.com', customer_type: 'individual', phone: '+1 555 0100' },
      { name: 'Smith & Sons, Ltd', email: 'office@smith.example.com', customer_type: 'business', notes: 'Says "hi"\non two lines' },
      { name: '=HYPERLINK("x")', email: 'formula@example.com', customer_type: 'individual' },
      { name: '100% Pure_Co', email: 'pure@example.com', customer_type: 'business' },
    ])
      expect((await post(lister, body)).status).toBe(201);
  });
  const list = async (q: string) => json(await t.request(`/api/customers?${q}`, { cookie: lister.cookie }));
  const names = async (q: string) => (await list(q)).rows.map((r: { name: string }) => r.name).sort();

  it('lists newest first with an exact total, filters by type, searches name or e-mail literally', async () => {
    const all = await list('');
    expect(all).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(all.rows[0].name).toBe('100% Pure_Co');
    expect(await names('type=business')).toEqual(['100% Pure_Co', 'Smith & Sons, Ltd']);
    expect(await names('search=SMITH')).toEqual(['Ann Smith', 'Smith & Sons, Ltd']);
    expect(await names('search=%25')).toEqual(['100% Pure_Co']);
    expect(await names('search=_')).toEqual(['100% Pure_Co']);
    expect(await names(`search=${encodeURIComponent("' or 1=1 --")}`)).toEqual([]);
    expect(await names('search=smith&type=individual')).toEqual(['Ann Smith']);
  });

  it('the search is the expression of the agency-scoped trigram index, so PostgreSQL can answer it from the index (agency scoping: search.pg.test.ts)', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = tx.select({ id: customers.id }).from(customers).where(customerSearch('smith'));
      const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('customers_agency_search_trgm_idx');
  });

  it('exports the filtered list as CSV with quoting and formula protection', async () => {
    const res = await t.request('/api/customers/export?search=smith', { cookie: lister.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await res.text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Name,Email,Phone,Type,Address,City,Postal Code,Date of Birth,Notes,Created At');
    expect(lines[1]).toMatch(/^"Smith & Sons, Ltd",office@smith\.example\.com,,Business,,,,,"Says ""hi""\non two lines",\d{4}-/);
    expect(lines[2]).toMatch(/^Ann Smith,ann@example\.com,\+1 555 0100,Individual,/);
    const all = await (await t.request('/api/customers/export', { cookie: lister.cookie })).text();
    expect(all).toContain(`"'=HYPERLINK(""x"")",formula@example.com`);
  });

  it('streams every row across batches exactly once', async () => {
    const big = await createUser(t, { tier: 'enterprise' });
    const me = await json(await t.request('/api/me', { cookie: big.cookie }));
    const n = EXPORT_BATCH * 2 + 7;
    const sameMoment = new Date('2025-01-01T00:00:00.123456Z');
    await t.db.insert(customers).values(
      Array.from({ length: n }, (_, i) => ({ agencyId: me.agency.id, name: `Bulk ${i}`, email: `bulk${i}@example.com`, createdAt: i % 2 ? sameMoment : new Date(Date.UTC(2024, 0, 1, 0, 0, i)) })),
    );
    // the body arrives batch by batch: the header, then one batch of rows per read
    const streamed = await t.request('/api/customers/export', { cookie: big.cookie });
    const reader = streamed.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toContain('Name,Email');
    expect(decoder.decode((await reader.read()).value).split('\r\n').filter(Boolean)).toHaveLength(EXPORT_BATCH);
    await reader.cancel();
    const text = await (await t.request('/api/customers/export', { cookie: big.cookie })).text();
    const lines = text.trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(n);
    expect(new Set(lines.map((l) => l.split(',')[1])).size).toBe(n);
  });

  it('is refused below the professional plan', async () => {
    const starter = await createUser(t);
    const res = await t.request('/api/customers/export', { cookie: starter.cookie });
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(ACCESS_TEXT.tierDenied('professional', 'starter'));
  });
});

describe('tenant isolation', () => {
  it('another agency gets 404 on read, edit, delete and logging, and nothing changes', async () => {
    const mine = await json(await post(agent, customer({ notes: 'original' })));
    expect((await t.request(`/api/customers/${mine.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request(`/api/customers/${mine.id}`, { cookie: other.cookie, method: 'PUT', json: customer({ notes: 'hijack' }) })).status).toBe(404);
    expect((await t.request(`/api/customers/${mine.id}`, { cookie: other.cookie, method: 'DELETE' })).status).toBe(404);
    expect((await t.request(`/api/customers/${mine.id}/communications`, { cookie: other.cookie, json: { content: 'x' } })).status).toBe(404);
    expect((await t.request(`/api/customers/${mine.id}/communications`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request(`/api/customers/${mine.id}/communications`, { cookie: agent.cookie })).status).toBe(200);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, mine.id));
    expect(row.notes).toBe('original');
    expect(await t.db.select().from(customerCommunications).where(eq(customerCommunications.customerId, mine.id))).toHaveLength(0);
    expect((await json(await t.request(`/api/customers?search=${mine.email}`, { cookie: other.cookie }))).total).toBe(0);
    const exported = await (await t.request('/api/customers/export', { cookie: other.cookie })).text();
    expect(exported).not.toContain(mine.email);
  });

  it('needs a session', async () => {
    expect((await t.request('/api/customers')).status).toBe(401);
    expect((await t.request('/api/customers/export')).status).toBe(401);
    expect((await t.request('/api/customers', { json: customer() })).status).toBe(401);
  });
});
