// The calls the contract test (contract.test.ts) makes, per operation of the document: a success and the
// typical refusals. A route added to /api/v1 is in the document by construction, and the contract test
// fails until it has an entry here, keyed "METHOD /path" as the document writes it.
import { randomUUID } from 'node:crypto';
import { carPolicyPayload, customerPayload } from '#server/test/factories.ts';

// the smallest PDF the byte checks accept, and a Windows program's first bytes (refused by content)
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0]);

/** Which key a call uses: every scope written, read-only, none of this resource's scopes, or no key at all. */
export type KeyKind = 'write' | 'read' | 'other' | 'none';

export interface ContractCall {
  why: string;
  status: number;
  key?: KeyKind;
  params?: Record<string, string>;
  query?: Partial<Record<string, string>>;
  body?: unknown;
  /** a multipart/form-data body instead (an upload): made afresh for each send */
  form?: () => FormData;
  headers?: Record<string, string>;
}

/** A multipart body: text fields, then files (a PDF unless other bytes are given). */
const formOf = (fields: Record<string, string>, files: { field: string; name: string; bytes?: Uint8Array | string; type?: string }[]) => () => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append(f.field, new File([(f.bytes ?? PDF) as BlobPart], f.name, { type: f.type ?? 'application/pdf' }));
  return fd;
};
const payment = { client_name: 'Carla Client', amount: '120.50', payment_date: '2026-11-02', payment_method: 'cash' };

/** What the fixtures may create and read: rows made through the API with the write key, and another agency's. */
export interface ContractWorld {
  customer: () => Promise<Record<string, any>>;
  policy: (over?: Record<string, unknown>) => Promise<Record<string, any>>;
  communication: () => Promise<Record<string, any>>;
  task: () => Promise<Record<string, any>>;
  opportunity: () => Promise<Record<string, any>>;
  document: () => Promise<Record<string, any>>;
  /** a premium payment recorded through the API (its id) */
  payment: () => Promise<string>;
  /** a change request a client sent from the client portal */
  portalRequest: () => Promise<Record<string, any>>;
  /** a policy whose renewal is marked lost */
  lostPolicy: () => Promise<Record<string, any>>;
  /** the key owner's user id (an assignee) */
  memberId: string;
  /** a row of another agency (404 here) */
  rival: { customerId: string; policyId: string; communicationId: string; taskId: string; opportunityId: string; documentId: string; portalRequestId: string };
  /** the cursor of a page of that list, with more to come */
  cursorOf: (path: string) => Promise<string>;
  /** a carrier statement imported through the API */
  statementId: () => Promise<string>;
  /** a commission schedule rate added through the API (a carrier of its own) */
  rate: () => Promise<Record<string, any>>;
  /** a policy with its own commission rate, set through the API (the policy's id) */
  override: () => Promise<string>;
  /** another agency's rate, and its policy with an own rate */
  rivalCommissions: { rateId: string; overridePolicyId: string };
}

const unknownId = () => randomUUID();

/** A statement upload's form: the fields, then the file (as a client sends it). */
const statementUpload = (csv: string) => formOf({ carrier: 'Contract Carrier', period: '2026-01' }, [{ field: 'file', name: 'statement.csv', bytes: csv, type: 'text/csv' }]);

const note = { type: 'phone', subject: 'Call', content: 'Talked about the renewal.', communication_date: '2026-01-02T10:00:00.000Z' };

/** A success, then its refusals: the read key, no key, bad input, an unknown id and another agency's. */
export const CONTRACT_FIXTURES: Record<string, (w: ContractWorld) => Promise<ContractCall[]>> = {
  'GET /customers': async (w) => [
    { why: 'a page', status: 200, key: 'read', query: { limit: '1' } },
    { why: 'filtered by type and search', status: 200, key: 'read', query: { type: 'business', search: 'Customer' } },
    { why: 'the next page', status: 200, key: 'read', query: { limit: '1', cursor: await w.cursorOf('/customers') } },
    { why: 'an unknown type', status: 400, query: { type: 'boat' } },
    { why: "a policies list's cursor", status: 400, query: { cursor: await w.cursorOf('/policies') } },
    { why: 'a key without customers', status: 403, key: 'other' },
    { why: 'no key', status: 401, key: 'none' },
  ],
  'POST /customers': async (w) => [
    { why: 'created', status: 201, body: customerPayload(), headers: { 'Idempotency-Key': randomUUID() } },
    { why: 'no name', status: 400, body: { email: 'x@example.com' } },
    { why: 'a taken e-mail', status: 409, body: customerPayload({ email: (await w.customer()).email }) },
    { why: 'the read key', status: 403, key: 'read', body: customerPayload() },
    { why: 'no key', status: 401, key: 'none', body: customerPayload() },
  ],
  'GET /customers/{id}': async (w) => [
    { why: 'found', status: 200, key: 'read', params: { id: (await w.customer()).id } },
    { why: 'unknown', status: 404, params: { id: unknownId() } },
    { why: "another agency's", status: 404, params: { id: w.rival.customerId } },
    { why: 'no key', status: 401, key: 'none', params: { id: unknownId() } },
  ],
  'PUT /customers/{id}': async (w) => {
    const mine = await w.customer();
    const taken = (await w.customer()).email;
    return [
      { why: 'what GET answered, sent back changed', status: 200, params: { id: mine.id }, body: { ...mine, city: 'Springfield' } },
      { why: 'an invalid date of birth', status: 400, params: { id: mine.id }, body: { ...mine, date_of_birth: '1800-01-01' } },
      { why: 'a taken e-mail', status: 409, params: { id: mine.id }, body: { ...mine, email: taken } },
      { why: 'unknown, with a taken e-mail', status: 404, params: { id: unknownId() }, body: { ...mine, email: taken } },
      { why: "another agency's", status: 404, params: { id: w.rival.customerId }, body: customerPayload() },
      { why: 'the read key', status: 403, key: 'read', params: { id: mine.id }, body: mine },
    ];
  },
  'DELETE /customers/{id}': async (w) => [
    { why: 'deleted', status: 204, params: { id: (await w.customer()).id } },
    { why: 'unknown', status: 404, params: { id: unknownId() } },
    { why: 'the read key', status: 403, key: 'read', params: { id: unknownId() } },
  ],
  'GET /policies': async (w) => [
    { why: 'a page', status: 200, key: 'read', query: { limit: '1' } },
    { why: "one customer's, by type and status", status: 200, key: 'read', query: { customer_id: (await w.policy()).customer_id, type: 'car', status: 'active' } },
    { why: 'the next page', status: 200, key: 'read', query: { limit: '1', cursor: await w.cursorOf('/policies') } },
    { why: 'an unknown status', status: 400, query: { status: 'nope' } },
    { why: 'a customer_id that is no id', status: 400, query: { customer_id: 'abc' } },
    { why: 'updated_since that is no time', status: 400, query: { updated_since: 'yesterday' } },
    { why: 'a key without policies', status: 403, key: 'other' },
  ],
  'POST /policies': async () => [
    { why: 'created (a car policy)', status: 201, body: carPolicyPayload() },
    { why: 'created (a fire policy, amounts as numbers)', status: 201, body: { ...carPolicyPayload({ policy_type: 'fire', premium_amount: 900, car_details: undefined }), fire_details: { property_address: '1 Main St', property_type: 'House', construction_year: 1990, property_value: '250000.00' } } },
    { why: 'no premium', status: 400, body: carPolicyPayload({ premium_amount: undefined }) },
    { why: 'a car policy without its details', status: 400, body: carPolicyPayload({ car_details: undefined }) },
    { why: 'an amount that is an object', status: 400, body: carPolicyPayload({ deductible: { x: 1 } }) },
    { why: 'the read key', status: 403, key: 'read', body: carPolicyPayload() },
  ],
  'GET /policies/{id}': async (w) => [
    { why: 'found', status: 200, key: 'read', params: { id: (await w.policy()).id } },
    { why: "another agency's", status: 404, params: { id: w.rival.policyId } },
    { why: 'a key without policies', status: 403, key: 'other', params: { id: unknownId() } },
  ],
  'PUT /policies/{id}': async (w) => {
    const mine = await w.policy();
    return [
      { why: 'what GET answered, sent back changed', status: 200, params: { id: mine.id }, body: { ...mine, insurance_company: 'Other Mutual' } },
      { why: 'a start date that is no date', status: 400, params: { id: mine.id }, body: { ...mine, start_date: '2025-02-30' } },
      { why: "another agency's", status: 404, params: { id: w.rival.policyId }, body: carPolicyPayload() },
      { why: 'the read key', status: 403, key: 'read', params: { id: mine.id }, body: mine },
    ];
  },
  'DELETE /policies/{id}': async (w) => [
    { why: 'deleted', status: 204, params: { id: (await w.policy()).id }, headers: { 'Idempotency-Key': randomUUID() } },
    { why: "another agency's", status: 404, params: { id: w.rival.policyId } },
  ],
  'GET /communications': async (w) => [
    { why: 'a page', status: 200, key: 'read', query: { limit: '1', type: 'phone' } },
    { why: "one customer's", status: 200, key: 'read', query: { customer_id: (await w.communication()).customer_id } },
    { why: 'the next page', status: 200, key: 'read', query: { limit: '1', cursor: await w.cursorOf('/communications') } },
    { why: 'an unknown type', status: 400, query: { type: 'fax' } },
    { why: "a customers list's cursor", status: 400, query: { cursor: await w.cursorOf('/customers') } },
  ],
  'POST /communications': async (w) => [
    { why: 'logged', status: 201, body: { ...note, customer_id: (await w.customer()).id } },
    { why: 'no content', status: 400, body: { customer_id: (await w.customer()).id } },
    { why: "another agency's customer", status: 404, body: { ...note, customer_id: w.rival.customerId } },
    { why: 'the read key', status: 403, key: 'read', body: note },
  ],
  'GET /communications/{id}': async (w) => [
    { why: 'found', status: 200, key: 'read', params: { id: (await w.communication()).id } },
    { why: "another agency's", status: 404, params: { id: w.rival.communicationId } },
  ],
  'POST /communications/{id}/corrections': async (w) => {
    const entry = await w.communication();
    return [
      { why: 'a correction, a new entry', status: 201, params: { id: entry.id }, body: { ...entry, content: 'Corrected.' } },
      { why: 'no content', status: 400, params: { id: entry.id }, body: { type: 'email' } },
      { why: "another agency's", status: 404, params: { id: w.rival.communicationId }, body: note },
    ];
  },
  'PUT /communications/{id}': async (w) => {
    const entry = await w.communication();
    return [
      { why: 'a correction, answered 200', status: 200, params: { id: entry.id }, body: { ...entry, content: 'Corrected.' } },
      { why: 'unknown', status: 404, params: { id: unknownId() }, body: note },
    ];
  },
  'DELETE /communications/{id}': async (w) => [
    { why: 'append-only', status: 409, params: { id: (await w.communication()).id } },
    { why: 'unknown', status: 404, params: { id: unknownId() } },
  ],
  'GET /events': async (w) => {
    await w.customer();
    return [
      { why: 'the feed from the start', status: 200, key: 'read', query: { limit: '2' } },
      { why: 'one entity', status: 200, key: 'read', query: { entity: 'customer' } },
      { why: 'an unreadable cursor', status: 400, query: { after: 'nope' } },
      { why: 'no key', status: 401, key: 'none' },
    ];
  },
  'GET /tasks': async (w) => [
    { why: 'a page', status: 200, key: 'read', query: { limit: '1' } },
    { why: 'the next page', status: 200, key: 'read', query: { limit: '1', cursor: await w.cursorOf('/tasks') } },
    { why: "a customers list's cursor", status: 400, query: { cursor: await w.cursorOf('/customers') } },
    { why: 'a key without tasks', status: 403, key: 'other' },
    { why: 'no key', status: 401, key: 'none' },
  ],
  'POST /tasks': async (w) => [
    { why: 'created', status: 201, body: { title: 'Send the ID cards', due_date: '2026-12-02', assignee_id: w.memberId }, headers: { 'Idempotency-Key': randomUUID() } },
    { why: 'no title', status: 400, body: { due_date: '2026-12-02', assignee_id: w.memberId } },
    { why: "another agency's customer", status: 404, body: { title: 'x', due_date: '2026-12-02', assignee_id: w.memberId, customer_id: w.rival.customerId } },
    { why: 'the read key', status: 403, key: 'read', body: { title: 'x', due_date: '2026-12-02', assignee_id: w.memberId } },
  ],
  'GET /tasks/{id}': async (w) => [
    { why: 'found', status: 200, key: 'read', params: { id: (await w.task()).id } },
    { why: "another agency's", status: 404, params: { id: w.rival.taskId } },
    { why: 'a key without tasks', status: 403, key: 'other', params: { id: unknownId() } },
  ],
  'PUT /tasks/{id}': async (w) => {
    const task = await w.task();
    return [
      { why: 'replaced', status: 200, params: { id: task.id }, body: { title: 'Renamed', due_date: '2026-12-03', assignee_id: w.memberId } },
      { why: 'no title', status: 400, params: { id: task.id }, body: { due_date: '2026-12-03', assignee_id: w.memberId } },
      { why: "another agency's", status: 404, params: { id: w.rival.taskId }, body: { title: 'x', due_date: '2026-12-03', assignee_id: w.memberId } },
    ];
  },
  'DELETE /tasks/{id}': async (w) => [
    { why: 'deleted', status: 204, params: { id: (await w.task()).id } },
    { why: "another agency's", status: 404, params: { id: w.rival.taskId } },
    { why: 'the read key', status: 403, key: 'read', params: { id: unknownId() } },
  ],
  'GET /commissions': async (w) => {
    await w.policy();
    return [
      { why: 'a page and its totals', status: 200, key: 'read' },
      { why: 'filtered', status: 200, key: 'read', query: { state: 'no_rate', month: '2026-01', carrier: 'Acme' } },
      { why: 'an unknown state', status: 400, key: 'read', query: { state: 'lost' } },
      { why: 'a month that is not one', status: 400, key: 'read', query: { month: '2026-13' } },
      { why: 'an unreadable cursor', status: 400, key: 'read', query: { cursor: 'x' } },
      { why: 'a key without commissions', status: 403, key: 'other' },
      { why: 'no key', status: 401, key: 'none' },
    ];
  },
  'GET /commissions/{id}': async (w) => [
    { why: 'found', status: 200, key: 'read', params: { id: (await w.policy()).id } },
    { why: "another agency's policy", status: 404, key: 'read', params: { id: w.rival.policyId } },
    { why: 'a key without commissions', status: 403, key: 'other', params: { id: unknownId() } },
    { why: 'no key', status: 401, key: 'none', params: { id: unknownId() } },
  ],
  'POST /statements': async (w) => {
    const number = (await w.policy()).policy_number as string;
    const file = `Policy Number,Commission,Statement Date\n${number},12.50,2026-01-15\n`;
    return [
      { why: 'imported', status: 201, form: statementUpload(file), headers: { 'Idempotency-Key': randomUUID() } },
      { why: 'the same file again', status: 409, form: statementUpload(file) },
      { why: 'a column not mapped', status: 400, form: statementUpload('Policy Number,Statement Date\nX-1,2026-01-15\n') },
      { why: 'the read key', status: 403, key: 'read', form: statementUpload(file) },
      { why: 'no key', status: 401, key: 'none', form: statementUpload(file) },
    ];
  },
  'GET /statements/{id}': async (w) => [
    { why: 'found', status: 200, key: 'read', params: { id: await w.statementId() } },
    { why: "another agency's, or unknown", status: 404, key: 'read', params: { id: unknownId() } },
    { why: 'a key without commissions', status: 403, key: 'other', params: { id: unknownId() } },
    { why: 'no key', status: 401, key: 'none', params: { id: unknownId() } },
  ],
  'GET /statements': async () => [
    { why: 'every statement', status: 200, key: 'read' },
    { why: 'a key without commissions', status: 403, key: 'other' },
    { why: 'no key', status: 401, key: 'none' },
  ],
  'GET /team-members': async () => [
    { why: 'every member', status: 200, key: 'read' },
    { why: 'a key without team', status: 403, key: 'other' },
    { why: 'no key', status: 401, key: 'none' },
  ],
  'GET /opportunities': async (w) => [
    { why: 'a page', status: 200, key: 'read', query: { limit: '1' } },
    { why: 'the next page', status: 200, key: 'read', query: { limit: '1', stage: 'new_lead', cursor: await w.cursorOf('/opportunities') } },
    { why: 'an unknown stage', status: 400, query: { stage: 'nope' } },
    { why: "a tasks list's cursor", status: 400, query: { cursor: await w.cursorOf('/tasks') } },
    { why: 'a key without opportunities', status: 403, key: 'other' },
  ],
  'POST /opportunities': async (w) => [
    { why: 'a prospect', status: 201, body: { prospect_name: 'Pat Prospect', line: 'car', estimated_premium: '1200.00' }, headers: { 'Idempotency-Key': randomUUID() } },
    { why: 'a customer', status: 201, body: { customer_id: (await w.customer()).id, line: 'fire', stage: 'quoted', assignee_id: w.memberId } },
    { why: 'no prospect and no customer', status: 400, body: { line: 'car' } },
    { why: 'a stage a new one cannot start in', status: 400, body: { prospect_name: 'x', line: 'car', stage: 'won' } },
    { why: "another agency's customer", status: 404, body: { customer_id: w.rival.customerId, line: 'car' } },
    { why: 'the read key', status: 403, key: 'read', body: { prospect_name: 'x', line: 'car' } },
  ],
  'GET /opportunities/{id}': async (w) => [
    { why: 'found, with its history', status: 200, key: 'read', params: { id: (await w.opportunity()).id } },
    { why: "another agency's", status: 404, params: { id: w.rival.opportunityId } },
    { why: 'a key without opportunities', status: 403, key: 'other', params: { id: unknownId() } },
  ],
  'PUT /opportunities/{id}': async (w) => {
    const mine = await w.opportunity();
    return [
      { why: 'what GET answered, sent back changed', status: 200, params: { id: mine.id }, body: { ...mine, source: 'Referral', stage: 'contacted' } },
      { why: 'an unknown line', status: 400, params: { id: mine.id }, body: { ...mine, line: 'boat' } },
      { why: "another agency's", status: 404, params: { id: w.rival.opportunityId }, body: { prospect_name: 'x', line: 'car' } },
      { why: 'the read key', status: 403, key: 'read', params: { id: mine.id }, body: mine },
    ];
  },
  'POST /opportunities/{id}/stage': async (w) => {
    const mine = await w.opportunity();
    const won = await w.opportunity();
    return [
      { why: 'moved to quoted', status: 200, params: { id: mine.id }, body: { stage: 'quoted' } },
      { why: 'won (a prospect with an e-mail becomes a customer)', status: 200, params: { id: won.id }, body: { stage: 'won' } },
      { why: 'won is final', status: 409, params: { id: won.id }, body: { stage: 'lost', lost_reason: 'Price' } },
      { why: 'lost without its reason', status: 400, params: { id: mine.id }, body: { stage: 'lost' } },
      { why: 'an unknown stage', status: 400, params: { id: mine.id }, body: { stage: 'signed' } },
      { why: "another agency's", status: 404, params: { id: w.rival.opportunityId }, body: { stage: 'quoted' } },
      { why: 'the read key', status: 403, key: 'read', params: { id: mine.id }, body: { stage: 'quoted' } },
    ];
  },
  'DELETE /opportunities/{id}': async (w) => [
    { why: 'deleted', status: 204, params: { id: (await w.opportunity()).id } },
    { why: "another agency's", status: 404, params: { id: w.rival.opportunityId } },
  ],
  'GET /renewals': async () => [
    { why: 'the cockpit', status: 200, key: 'read', query: { limit: '5' } },
    { why: 'the lost view of one line', status: 200, key: 'read', query: { view: 'lost', type: 'car' } },
    { why: 'an unknown bucket', status: 400, query: { bucket: 'soon' } },
    { why: 'a key without policies', status: 403, key: 'other' },
  ],
  'POST /renewals/{id}/renew': async (w) => {
    const term = await w.policy();
    return [
      { why: 'renewed', status: 201, params: { id: term.id }, body: { premium_amount: '1300.00' }, headers: { 'Idempotency-Key': randomUUID() } },
      { why: 'renewed already', status: 409, params: { id: term.id }, body: { premium_amount: '1300.00' } },
      { why: 'no premium', status: 400, params: { id: (await w.policy()).id }, body: {} },
      { why: "another agency's", status: 404, params: { id: w.rival.policyId }, body: { premium_amount: '1300.00' } },
      { why: 'the read key', status: 403, key: 'read', params: { id: term.id }, body: { premium_amount: '1300.00' } },
    ];
  },
  'POST /renewals/{id}/lost': async (w) => {
    const term = await w.policy();
    return [
      { why: 'lost', status: 200, params: { id: term.id }, body: { reason: 'price', note: 'Cheaper elsewhere' } },
      { why: 'an unknown reason', status: 400, params: { id: term.id }, body: { reason: 'weather' } },
      { why: "another agency's", status: 404, params: { id: w.rival.policyId }, body: { reason: 'price' } },
    ];
  },
  'DELETE /renewals/{id}/lost': async (w) => [
    { why: 'reopened', status: 200, params: { id: (await w.lostPolicy()).id } },
    { why: 'not lost', status: 409, params: { id: (await w.policy()).id } },
    { why: "another agency's", status: 404, params: { id: w.rival.policyId } },
  ],
  'PUT /renewals/{id}/state': async (w) => {
    const term = await w.policy();
    return [
      { why: 'contacted', status: 200, params: { id: term.id }, body: { state: 'contacted' } },
      { why: 'a state only an action sets', status: 400, params: { id: term.id }, body: { state: 'renewed' } },
      { why: "another agency's", status: 404, params: { id: w.rival.policyId }, body: { state: 'quoted' } },
    ];
  },
  'PUT /renewals/{id}/assignee': async (w) => {
    const term = await w.policy();
    return [
      { why: 'assigned', status: 200, params: { id: term.id }, body: { assignee_id: w.memberId } },
      { why: 'no assignee', status: 400, params: { id: term.id }, body: { assignee_id: '' } },
      { why: "another agency's", status: 404, params: { id: w.rival.policyId }, body: { assignee_id: w.memberId } },
    ];
  },
  'GET /customers/{id}/timeline': async (w) => {
    const entry = await w.communication();
    return [
      { why: 'a page', status: 200, key: 'read', params: { id: entry.customer_id }, query: { limit: '5' } },
      { why: 'one kind', status: 200, key: 'read', params: { id: entry.customer_id }, query: { kind: 'communication' } },
      { why: 'an unknown kind', status: 400, params: { id: entry.customer_id }, query: { kind: 'fax' } },
      { why: "another agency's customer", status: 404, params: { id: w.rival.customerId } },
      { why: 'a key without customers', status: 403, key: 'other', params: { id: entry.customer_id } },
    ];
  },
  'GET /premium-payments': async (w) => [
    { why: 'a page', status: 200, key: 'read', query: { limit: '1' } },
    { why: 'the next page', status: 200, key: 'read', query: { limit: '1', cursor: await w.cursorOf('/premium-payments') } },
    { why: "a policy's, changed since", status: 200, key: 'read', query: { policy_id: (await w.policy()).id, updated_since: '2026-01-01T00:00:00Z' } },
    { why: 'a policy_id that is no id', status: 400, query: { policy_id: 'abc' } },
    { why: "a documents list's cursor", status: 400, query: { cursor: await w.cursorOf('/documents') } },
    { why: 'a key without premium payments', status: 403, key: 'other' },
  ],
  'GET /policies/{id}/premium-payments': async (w) => [
    { why: "a policy's payments", status: 200, key: 'read', params: { id: (await w.policy()).id } },
    { why: "another agency's policy", status: 404, params: { id: w.rival.policyId } },
    { why: 'a key without premium payments', status: 403, key: 'other', params: { id: unknownId() } },
  ],
  'GET /documents': async (w) => [
    { why: 'a page', status: 200, key: 'read', query: { limit: '1' } },
    { why: 'the next page', status: 200, key: 'read', query: { limit: '1', cursor: await w.cursorOf('/documents') } },
    { why: 'a customer_id that is no id', status: 400, query: { customer_id: 'abc' } },
    { why: 'a key without documents', status: 403, key: 'other' },
  ],
  'GET /documents/{id}': async (w) => [
    { why: 'found', status: 200, key: 'read', params: { id: (await w.document()).id } },
    { why: "another agency's", status: 404, params: { id: w.rival.documentId } },
    { why: 'a key without documents', status: 403, key: 'other', params: { id: unknownId() } },
  ],
  'GET /documents/{id}/content': async (w) => [
    { why: 'the bytes', status: 200, key: 'read', params: { id: (await w.document()).id } },
    { why: "another agency's", status: 404, params: { id: w.rival.documentId } },
    { why: 'no key', status: 401, key: 'none', params: { id: unknownId() } },
  ],
  'POST /documents': async (w) => [
    { why: 'uploaded', status: 201, form: formOf({ customer_id: (await w.customer()).id }, [{ field: 'file', name: 'a.pdf' }]), headers: { 'Idempotency-Key': randomUUID() } },
    { why: 'not a document by its bytes', status: 400, form: formOf({ customer_id: (await w.customer()).id }, [{ field: 'file', name: 'a.pdf', bytes: EXE }]) },
    { why: "another agency's customer", status: 404, form: formOf({ customer_id: w.rival.customerId }, [{ field: 'file', name: 'a.pdf' }]) },
    { why: 'the read key', status: 403, key: 'read', form: formOf({ customer_id: unknownId() }, [{ field: 'file', name: 'a.pdf' }]) },
  ],
  'POST /policies/{id}/premium-payments': async (w) => [
    { why: 'recorded', status: 201, params: { id: (await w.policy()).id }, form: formOf(payment, [{ field: 'files', name: 'r.pdf' }]), headers: { 'Idempotency-Key': randomUUID() } },
    { why: 'no amount', status: 400, params: { id: (await w.policy()).id }, form: formOf({ ...payment, amount: '' }, [{ field: 'files', name: 'r.pdf' }]) },
    { why: "another agency's policy", status: 404, params: { id: w.rival.policyId }, form: formOf(payment, [{ field: 'files', name: 'r.pdf' }]) },
    { why: 'the read key', status: 403, key: 'read', params: { id: unknownId() }, form: formOf(payment, [{ field: 'files', name: 'r.pdf' }]) },
  ],
  'DELETE /premium-payments/{id}': async (w) => [
    { why: 'deleted', status: 204, params: { id: await w.payment() }, headers: { 'Idempotency-Key': randomUUID() } },
    { why: 'an unknown id', status: 404, params: { id: unknownId() } },
    { why: 'the read key', status: 403, key: 'read', params: { id: unknownId() } },
    { why: 'no key', status: 401, key: 'none', params: { id: unknownId() } },
  ],
  'GET /portal-requests': async (w) => [
    { why: 'a page', status: 200, key: 'read', query: { limit: '1' } },
    { why: 'the next page', status: 200, key: 'read', query: { limit: '1', cursor: await w.cursorOf('/portal-requests') } },
    { why: 'filtered by state, kind and customer', status: 200, key: 'read', query: { state: 'received', kind: 'add_driver', customer_id: (await w.portalRequest()).customer_id } },
    { why: 'an unknown state', status: 400, query: { state: 'closed' } },
    { why: "a documents list's cursor", status: 400, query: { cursor: await w.cursorOf('/documents') } },
    { why: 'a key without portal requests', status: 403, key: 'other' },
    { why: 'no key', status: 401, key: 'none' },
  ],
  'GET /portal-requests/{id}': async (w) => [
    { why: 'found', status: 200, key: 'read', params: { id: (await w.portalRequest()).id } },
    { why: "another agency's", status: 404, params: { id: w.rival.portalRequestId } },
    { why: 'a key without portal requests', status: 403, key: 'other', params: { id: unknownId() } },
  ],
  'PUT /portal-requests/{id}': async (w) => [
    { why: 'answered', status: 200, params: { id: (await w.portalRequest()).id }, body: { state: 'done', reply: 'Added from Monday.' }, headers: { 'Idempotency-Key': randomUUID() } },
    { why: 'no reply', status: 200, params: { id: (await w.portalRequest()).id }, body: { state: 'in_progress' } },
    { why: 'an unknown state', status: 400, params: { id: (await w.portalRequest()).id }, body: { state: 'closed' } },
    { why: "another agency's", status: 404, params: { id: w.rival.portalRequestId }, body: { state: 'done' } },
    { why: 'the read key', status: 403, key: 'read', params: { id: unknownId() }, body: { state: 'done' } },
  ],
  'GET /commission-rates': async (w) => [
    { why: 'a page', status: 200, key: 'read', query: { limit: '1' } },
    { why: 'the next page', status: 200, key: 'read', query: { limit: '1', cursor: await w.cursorOf('/commission-rates') } },
    { why: 'filtered by carrier, line and business', status: 200, key: 'read', query: { carrier: (await w.rate()).carrier, line: 'car', business: 'new' } },
    { why: 'changed since', status: 200, key: 'read', query: { updated_since: '2026-01-01T00:00:00Z' } },
    { why: 'an unknown line', status: 400, query: { line: 'boat' } },
    { why: "a policies list's cursor", status: 400, query: { cursor: await w.cursorOf('/policies') } },
    { why: 'a key without commissions', status: 403, key: 'other' },
    { why: 'no key', status: 401, key: 'none' },
  ],
  'GET /commission-rates/{id}': async (w) => [
    { why: 'found', status: 200, key: 'read', params: { id: (await w.rate()).id } },
    { why: "another agency's", status: 404, params: { id: w.rivalCommissions.rateId } },
    { why: 'a key without commissions', status: 403, key: 'other', params: { id: unknownId() } },
  ],
  'POST /commission-rates': async () => {
    const body = { carrier: `Contract Rates ${randomUUID().slice(0, 8)}`, line: 'home', business: 'renewal', rate: '11.25', effective_from: '2026-01-01' };
    return [
      { why: 'added', status: 201, body, headers: { 'Idempotency-Key': randomUUID() } },
      { why: 'the same rate again', status: 409, body },
      { why: 'a rate over 100', status: 400, body: { ...body, rate: '120' } },
      { why: 'the read key', status: 403, key: 'read', body },
      { why: 'no key', status: 401, key: 'none', body },
    ];
  },
  'DELETE /commission-rates/{id}': async (w) => [
    { why: 'deleted', status: 204, params: { id: (await w.rate()).id } },
    { why: 'unknown', status: 404, params: { id: unknownId() } },
    { why: "another agency's", status: 404, params: { id: w.rivalCommissions.rateId } },
    { why: 'the read key', status: 403, key: 'read', params: { id: unknownId() } },
  ],
  'GET /commission-overrides': async (w) => [
    { why: 'a page', status: 200, key: 'read', query: { limit: '1' } },
    { why: 'the next page', status: 200, key: 'read', query: { limit: '1', cursor: await w.cursorOf('/commission-overrides') } },
    { why: "one policy's", status: 200, key: 'read', query: { policy_id: await w.override() } },
    { why: 'not a policy id', status: 400, query: { policy_id: 'nope' } },
    { why: 'a key without commissions', status: 403, key: 'other' },
  ],
  'GET /commission-overrides/{id}': async (w) => [
    { why: 'found', status: 200, key: 'read', params: { id: await w.override() } },
    { why: 'a policy without one', status: 404, params: { id: (await w.policy()).id } },
    { why: "another agency's", status: 404, params: { id: w.rivalCommissions.overridePolicyId } },
    { why: 'a key without commissions', status: 403, key: 'other', params: { id: unknownId() } },
  ],
  'PUT /commission-overrides/{id}': async (w) => [
    { why: 'set', status: 200, params: { id: (await w.policy()).id }, body: { rate: '9.5' }, headers: { 'Idempotency-Key': randomUUID() } },
    { why: 'changed', status: 200, params: { id: await w.override() }, body: { rate: 8 } },
    { why: 'no rate', status: 400, params: { id: await w.override() }, body: { rate: null } },
    { why: "another agency's", status: 404, params: { id: w.rivalCommissions.overridePolicyId }, body: { rate: '5' } },
    { why: 'the read key', status: 403, key: 'read', params: { id: unknownId() }, body: { rate: '5' } },
  ],
  'DELETE /commission-overrides/{id}': async (w) => [
    { why: 'removed', status: 204, params: { id: await w.override() } },
    { why: 'a policy without one', status: 404, params: { id: (await w.policy()).id } },
    { why: "another agency's", status: 404, params: { id: w.rivalCommissions.overridePolicyId } },
    { why: 'the read key', status: 403, key: 'read', params: { id: unknownId() } },
  ],
  'GET /statements/{id}/lines': async (w) => {
    const id = await w.statementId();
    return [
      { why: 'found', status: 200, key: 'read', params: { id } },
      { why: 'the matched lines, one a page', status: 200, key: 'read', params: { id }, query: { state: 'matched', limit: '1' } },
      { why: 'an unknown state', status: 400, params: { id }, query: { state: 'paid_twice' } },
      { why: 'a bad cursor', status: 400, params: { id }, query: { cursor: 'nope' } },
      { why: 'unknown', status: 404, params: { id: unknownId() } },
      { why: 'a key without commissions', status: 403, key: 'other', params: { id } },
    ];
  },
};
