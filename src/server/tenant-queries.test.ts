// Sharded by agency (docs/decisions/044-citus-sharded-by-agency.md), every request of an agency's user
// must reach only its agency's shard: each statement touching a tenant table names the agency. The
// app's statements are recorded below the driver while a representative book is worked through the
// API; the few that cross agencies by design are named below, each with how it runs on Citus.
import { moveTermStatuses } from './features/policies/status-job.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { carPolicyPayload, customerPayload, firePolicyPayload } from './test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from './test/harness.ts';
import { type CrossAgencyException, recordStatements, tableReferences, unscopedReferences } from './test/query-scope.ts';
import { readTenantSchema, tenantTables } from './test/tenant-schema.ts';
import { fileOf, PDF } from './features/payments/fixtures.ts';
import { purgeIdempotency } from './features/api/v1/idempotency.ts';
import { purgeBulkJournals } from './features/bulk/service.ts';
import { runDocumentPurge } from './features/documents/purge.ts';
import { runDigest } from './features/renewals/digest.ts';
import { runDeliveries } from './features/webhooks/worker.ts';

/**
 * Statements that read or write more than one agency's rows, or find the agency from something else
 * first. Each is a multi-shard query (or a lookup to split) on Citus; decision 044 says how each runs.
 */
export const CROSS_AGENCY: CrossAgencyException[] = [
  {
    name: 'identity',
    reason: 'one statement per request finds the session, its user and the agency they work in (by session.active_agency_id or the user’s own agency)',
    match: /from session s\s+join "user" u on u\.id = s\.user_id/,
  },
  {
    name: 'api key authentication',
    reason: 'a key is found by its hash, and only then is its agency known',
    match: /"api_keys"\."secret_hash" = \$1/,
  },
  {
    name: 'author agencies',
    reason:
      "a member's rename (or an account's delete) finds the agencies where they wrote log entries, payments, stage moves or uploads, then changes each agency's rows through its tenant context (decision 083); on Citus a multi-shard read, for a rare action",
    match: /union select c\.agency_id from customer_communications c where c\.created_by = \$\d+/,
  },
];

/** Background work and the super admin's pages, across agencies by design (not run by an agency's request). */
export const CROSS_AGENCY_BACKGROUND: CrossAgencyException[] = [
  {
    name: 'admin analytics',
    reason: 'the super admin’s platform figures count agencies, members and activity of every agency',
    match: /from agencies a where exists \(select 1 from activity_log l where l\.agency_id = a\.id/,
  },
  {
    name: 'renewals digest',
    reason: 'one pass finds every agency’s users with tasks due, then each agency’s renewals are read by its id',
    match: /from "tasks" inner join "agencies" on "agencies"\."id" = "tasks"\."agency_id" inner join "user"/,
  },
  {
    name: 'document purge',
    reason: 'the daily sweep of every agency’s Trash and stale upload reservations, then a delete of the rows it found',
    match: /from "documents" where \(\("documents"\."deleted_at" is not null|^delete from "documents" where "documents"\."id" in/,
  },
  {
    name: 'bulk journal purge',
    reason: 'journals older than 24 hours in every agency lose their snapshots',
    match: /^update "bulk_actions" set "purged_at"|^update bulk_journal set snapshot = null where bulk_id = any/,
  },
  {
    name: 'policy status run',
    reason: 'the daily run finds the agencies with a live term, then moves each agency’s terms through its tenant context (decision 052)',
    match: /from "agencies" inner join "user" on "user"\."id" = "agencies"\."owner_id" where exists \(select 1 from "policies" p where p\.agency_id = "agencies"\."id"/,
  },
  {
    name: 'idempotency purge',
    reason: 'stored answers older than 24 hours in every agency',
    match: /^delete from "api_idempotency" where "api_idempotency"\."created_at" </,
  },
  {
    name: 'webhook outbox claim',
    reason: 'the worker claims due deliveries of every agency (FOR UPDATE SKIP LOCKED)',
    match: /^update "webhook_deliveries" set "status" = \$1, "attempts" = "webhook_deliveries"\."attempts" \+ 1/,
  },
];

let t: TestContext;
let owner: TestUser;
let rival: TestUser;
const statements: string[] = [];
let tenants: Set<string>;

const call = (u: TestUser, path: string, init: { method?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {}) =>
  t.request(path, { ...init, cookie: u.cookie });

async function ok(res: Response | Promise<Response>, status = 200): Promise<Record<string, any>> {
  const r = await res;
  expect(r.status, `${r.url} ${await r.clone().text()}`).toBe(status);
  return r.headers.get('content-type')?.includes('json') ? json(r) : {};
}

/** An exception's pattern is matched against the statement on one line, whitespace collapsed. */
const listed = (exceptions: CrossAgencyException[], statement: string) => exceptions.some((e) => e.match.test(statement.replace(/\s+/g, ' ').trim()));

/** The statements that touch a tenant table without its agency, less the listed exceptions. */
function unscoped(list: string[]): { statement: string; findings: string[] }[] {
  const out: { statement: string; findings: string[] }[] = [];
  for (const statement of list) {
    if (listed(CROSS_AGENCY, statement)) continue;
    const findings = unscopedReferences(statement, tenants);
    if (findings.length) out.push({ statement: statement.replace(/\s+/g, ' ').slice(0, 400), findings: findings.map((f) => f.reason) });
  }
  return out;
}

beforeAll(async () => {
  t = await createTestContext({ env: { WEBHOOKS_ALLOW_PRIVATE: '1' }, onDatabase: (database) => recordStatements(database, statements) });
  tenants = new Set(tenantTables(await readTenantSchema(t.db)));
  owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
  rival = await createUser(t, { tier: 'enterprise' });
});
afterAll(async () => {
  await t.close();
});

describe('every statement of an agency’s requests names its agency', () => {
  it('works a book through the API: customers, policies with details, payments, documents, CRM, search, API keys, bulk', async () => {
    statements.length = 0;
    await ok(call(owner, '/api/me'));
    // customers and their communications
    const customer = await ok(call(owner, '/api/customers', { json: customerPayload() }), 201);
    await ok(call(owner, '/api/customers'));
    await ok(call(owner, `/api/customers/${customer.id}`));
    await ok(call(owner, `/api/customers/${customer.id}`, { method: 'PUT', json: customerPayload({ email: customer.email, name: 'Renamed Customer' }) }));
    await ok(call(owner, `/api/customers/${customer.id}/communications`, { json: { type: 'phone', content: 'Called about the renewal.' } }), 201);
    await ok(call(owner, `/api/customers/${customer.id}/communications`));
    await ok(call(owner, `/api/customers/${customer.id}/timeline`));
    // policies: car and fire details, an edit that swaps them, a read and the list
    const car = await ok(call(owner, '/api/policies', { json: carPolicyPayload({ customer_id: customer.id }) }), 201);
    const fire = await ok(call(owner, '/api/policies', { json: firePolicyPayload() }), 201);
    await ok(call(owner, '/api/policies'));
    await ok(call(owner, `/api/policies/${car.id}`));
    await ok(call(owner, `/api/policies/${fire.id}`, { method: 'PUT', json: { ...carPolicyPayload(), policy_number: fire.policy_number, customer_name: fire.customer_name, customer_email: fire.customer_email } }));
    // a premium payment with its receipt file
    const fd = new FormData();
    for (const [k, v] of Object.entries({ client_name: car.customer_name, policy_number: car.policy_number, amount: '125.50', payment_date: '2026-03-01', payment_method: 'bank_transfer' }))
      fd.append(k, v);
    fd.append('files', fileOf(PDF, 'receipt.pdf'));
    await ok(call(owner, '/api/premium-payments', { method: 'POST', body: fd }), 201);
    await ok(call(owner, `/api/policies/${car.id}/premium-payments`));
    // a document on the policy
    const doc = new FormData();
    doc.append('policy_id', car.id);
    doc.append('file', new File([PDF as BlobPart], 'schedule.pdf', { type: 'application/pdf' }));
    const uploaded = await ok(call(owner, '/api/documents/upload', { method: 'POST', body: doc }), 201);
    await ok(call(owner, '/api/documents'));
    await ok(call(owner, `/api/documents/${uploaded.document.id}`, { method: 'DELETE' }));
    // CRM: a task, an opportunity moved along the board
    const task = await ok(call(owner, '/api/tasks', { json: { title: 'Send the quote', due_date: '2026-01-05', assignee_id: owner.id, customer_id: customer.id } }), 201);
    await ok(call(owner, `/api/tasks?customer_id=${customer.id}`));
    await ok(call(owner, '/api/tasks/mine'));
    const opportunity = await ok(call(owner, '/api/opportunities', { json: { prospect_name: 'Pat Prospect', prospect_email: 'pat@example.com', line: 'car', estimated_premium: '100.25' } }), 201);
    await ok(call(owner, `/api/opportunities/${opportunity.id}/stage`, { method: 'PATCH', json: { stage: 'contacted' } }));
    await ok(call(owner, '/api/opportunities/board'));
    await ok(call(owner, `/api/opportunities/${opportunity.id}`));
    // the cockpit, search, activity, settings, team
    await ok(call(owner, '/api/renewals'));
    await ok(call(owner, '/api/search?q=renamed'));
    await ok(call(owner, '/api/activity'));
    await ok(call(owner, '/api/usage'));
    await ok(call(owner, '/api/dashboard'));
    await ok(call(owner, '/api/settings/agency'));
    await ok(call(owner, '/api/team'));
    await ok(call(owner, '/api/team/invitations', { json: { email: 'new.member@example.com' } }), 201);
    // a bulk change and its journal
    const bulk = await ok(call(owner, '/api/bulk', { json: { entity: 'policies', action: { kind: 'set_status', status: 'pending' }, selection: { all: false, ids: [car.id] } } }), 201);
    await ok(call(owner, `/api/bulk/${bulk.id}/journal`));
    await ok(call(owner, `/api/bulk/${bulk.id}/undo`, { json: {} }));
    // a bulk delete keeps the policy with its details and payments in the journal; undo restores them
    const gone = await ok(call(owner, '/api/bulk', { json: { entity: 'policies', action: { kind: 'delete' }, selection: { all: false, ids: [car.id] } } }), 201);
    await ok(call(owner, `/api/bulk/${gone.id}/undo`, { json: {} }));
    await ok(call(owner, `/api/customers/${customer.id}`, { method: 'DELETE' }));
    // the public API with an Idempotency-Key, and a webhook endpoint
    const key = (await ok(call(owner, '/api/api-keys', { json: { name: 'Sync', scopes: { customers: 'write' } } }), 201)).key as string;
    const v1 = (path: string, init: { json?: unknown; headers?: Record<string, string> } = {}) =>
      t.request(`/api/v1${path}`, { ...init, headers: { authorization: `Bearer ${key}`, ...init.headers } });
    await ok(v1('/customers'));
    await ok(v1('/customers', { json: customerPayload(), headers: { 'idempotency-key': 'k-1' } }), 201);
    await ok(call(owner, '/api/webhooks', { json: { url: 'http://127.0.0.1:9/hook', events: ['customer.created'] } }), 201);
    // the renewal of a term, a task done, the document restored and linked, the timeline, a policy deleted
    await ok(call(owner, `/api/renewals/${fire.id}/renew`));
    const renewal = await call(owner, `/api/renewals/${fire.id}/renew`, { json: { premium_amount: '1300' } });
    expect(renewal.status, await renewal.clone().text()).toBeLessThan(300);
    await ok(call(owner, `/api/tasks/${task.id}/done`, { json: {} }));
    await ok(call(owner, `/api/documents/${uploaded.document.id}/restore`, { json: {} }));
    await ok(call(owner, `/api/documents/${uploaded.document.id}/link`));
    await ok(call(owner, '/api/agencies'));
    await ok(call(owner, `/api/policies/${fire.id}`, { method: 'DELETE' }));
    // reports, exports and an import (its job runs in this process and is recorded too)
    for (const path of ['/api/analytics', '/api/reports/book', '/api/reports/production', '/api/customers/export', '/api/opportunities', '/api/opportunities/figures', '/api/documents/usage', '/api/branding', '/api/notifications'])
      await ok(call(owner, path));
    const csv = new FormData();
    csv.set('kind', 'customers');
    csv.set('file', new File(['Name,Email\r\nAnn Import,ann.import@example.com\r\n'], 'book.csv', { type: 'text/csv' }));
    const started = await ok(call(owner, '/api/imports', { method: 'POST', body: csv }), 202);
    for (let i = 0; i < 2000 && (await ok(call(owner, `/api/imports/${started.id}`))).status === 'running'; i += 1) await new Promise((r) => setTimeout(r, 10));
    // the owner renames themselves: the rows that show their name change, in each agency (decision 083)
    await ok(call(owner, '/api/profile', { method: 'PATCH', json: { first_name: 'Owner', last_name: 'Renamed', phone: null, company: null } }));
    // and the rival agency reads its own book
    await ok(call(rival, '/api/policies'));
    await ok(call(rival, '/api/customers'));

    const touched = new Set(statements.flatMap((s) => tableReferences(s).map((r) => r.table)).filter((table) => tenants.has(table)));
    // the check saw the tables this issue changed, so it did not pass by seeing nothing
    for (const table of ['customers', 'policies', 'premium_payments', 'premium_payment_files', 'documents', 'tasks', 'api_idempotency', 'bulk_journal'])
      expect(touched, table).toContain(table);
    expect(unscoped(statements)).toEqual([]);
    // the listed exceptions are still needed: each matches a statement the check would refuse
    for (const e of CROSS_AGENCY) expect(statements.filter((s) => listed([e], s)).some((s) => unscopedReferences(s, tenants).length), e.name).toBe(true);
  });

  it('the background jobs and the super admin’s analytics cross agencies only in the listed statements', async () => {
    const admin = await createUser(t, { role: 'super_admin' });
    statements.length = 0;
    await ok(call(admin, '/api/admin/analytics'));
    await runDigest(t.deps, new Date('2026-03-02T07:30:00Z'));
    await runDocumentPurge(t.deps, new Date(Date.now() + 40 * 86_400_000));
    await purgeBulkJournals(t.db, new Date(Date.now() + 2 * 86_400_000));
    await purgeIdempotency(t.db);
    await moveTermStatuses(t.deps, new Date(Date.now() + 400 * 86_400_000));
    // the endpoint refuses the connection: a failed attempt, recorded on the delivery and its endpoint
    expect((await runDeliveries(t.deps, { now: new Date(), timeoutMs: 2000 })).failed).toBeGreaterThan(0);
    const all = [...CROSS_AGENCY, ...CROSS_AGENCY_BACKGROUND];
    const left = statements.filter((s) => !listed(all, s));
    expect(unscoped(left)).toEqual([]);
    // every listed exception is still needed: it matches a statement that the check would refuse
    for (const e of CROSS_AGENCY_BACKGROUND) expect(statements.filter((s) => listed([e], s)).some((s) => unscopedReferences(s, tenants).length), e.name).toBe(true);
  });

  it('fails on a statement that reads a tenant table without its agency', async () => {
    statements.length = 0;
    await t.db.execute(sql`select id, policy_number from policies where policy_number = ${'POL-1'}`);
    await t.db.execute(sql`select p.id from policies p join customers c on c.id = p.customer_id where p.agency_id = ${owner.id}`);
    await t.db.execute(sql`select p.id from policies p join customers c on c.agency_id = p.agency_id and c.id = p.customer_id`);
    const found = unscoped(statements);
    expect(found.map((f) => f.findings)).toEqual([
      ['policies: no condition on policies.agency_id'],
      ['customers c: no condition on c.agency_id'],
      ['joined by agency, but no agency value (agency_id = $n) anywhere'],
    ]);
  });
});

describe('the statement check itself', () => {
  const set = new Set(['customers', 'policies', 'car_insurance_details']);
  it('accepts what the tenant layer writes: a where on agency_id, an insert that sets it, a join on it', () => {
    expect(unscopedReferences('select "id" from "customers" where ("customers"."agency_id" = $1 and "customers"."id" = $2)', set)).toEqual([]);
    expect(unscopedReferences('insert into "car_insurance_details" ("policy_id", "agency_id") values ($1, $2) on conflict ("agency_id","policy_id") do update set x = 1', set)).toEqual([]);
    expect(
      unscopedReferences('select 1 from policies p left join car_insurance_details d on d.agency_id = p.agency_id and d.policy_id = p.id where p.agency_id = $1', set),
    ).toEqual([]);
    expect(unscopedReferences('delete from "customers" where ("customers"."agency_id" = $1)', set)).toEqual([]);
    expect(unscopedReferences("select 1 from \"user\" where email = 'from customers'", set)).toEqual([]);
  });
  it('names a join without agency_id and an update without it', () => {
    expect(unscopedReferences('select 1 from policies p left join car_insurance_details d on d.policy_id = p.id where p.agency_id = $1', set)).toEqual([
      { table: 'car_insurance_details', reason: 'car_insurance_details d: no condition on d.agency_id' },
    ]);
    expect(unscopedReferences('update "policies" set "status" = $1 where "policies"."id" = $2', set)).toHaveLength(1);
  });
  it('reads comma-separated FROM lists, and no table in a function, a column or a string', () => {
    expect(tableReferences('select 1 from policies p, customers c where p.agency_id = $1').map((r) => r.table)).toEqual(['policies', 'customers']);
    expect(unscopedReferences('select 1 from policies p, customers c where p.agency_id = $1 and c.id = p.customer_id', set)).toEqual([
      { table: 'customers', reason: 'customers c: no condition on c.agency_id' },
    ]);
    expect(tableReferences("select extract(epoch from s.created_at), policies from renewal_stats r, jsonb_array_elements(r.x) e where r.y = 'from customers'").map((r) => r.table)).toEqual([
      'renewal_stats',
    ]);
  });
});
