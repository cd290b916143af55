// The contract: every operation of /api/v1's OpenAPI document (as a client downloads it) is called,
// success and refusals (contract-fixtures.ts), and every answer's status, headers and body are checked
// against the document with a JSON Schema 2020-12 validator and its formats. A request the fixtures
// send for a success must itself match the document: what the document says a client may send works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Validator } from '@seriousme/openapi-schema-validator';
import { eq } from 'drizzle-orm';
import { WEBHOOK_EVENTS } from '#shared/webhooks.ts';
import { agencies, webhookDeliveries, webhookEndpoints } from '#server/db/schema.ts';
import { carPolicyPayload, customerPayload } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext } from '#server/test/harness.ts';
import { PDF } from '#server/features/payments/fixtures.ts';
import { portalSteps } from '#server/test/portal-client.ts';
import { CONTRACT_FIXTURES, type ContractCall, type ContractWorld, type KeyKind } from './contract-fixtures.ts';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

let t: TestContext;
let doc: Json;
let ajv: Ajv2020;
const keys = {} as Record<Exclude<KeyKind, 'none'>, string>;
let world: ContractWorld;
let agencyId: string;

async function newKey(cookie: string, scopes: Record<string, string>): Promise<string> {
  const res = await t.request('/api/api-keys', { cookie, json: { name: 'Contract', scopes } });
  expect(res.status).toBe(201);
  return (await json(res)).key;
}

const send = (key: string | null, path: string, init: { method?: string; json?: unknown; body?: FormData; headers?: Record<string, string> } = {}) =>
  t.request(`/api/v1${path}`, { ...init, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...init.headers } });

/** A document uploaded through the app (the API reads documents; it does not upload them). */
async function uploadedDocument(cookie: string, customerId: string): Promise<Json> {
  const fd = new FormData();
  fd.append('customer_id', customerId);
  fd.append('file', new File([PDF as BlobPart], 'Declarations.pdf', { type: 'application/pdf' }));
  const res = await t.request('/api/documents/upload', { method: 'POST', body: fd, cookie });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).document;
}

async function created(key: string, path: string, body: unknown): Promise<Json> {
  const res = await send(key, path, { json: body });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
  return json(res);
}

/** A JSON pointer into the document, for the validator (the document is one schema resource, `api`). */
const pointer = (...parts: string[]) => `api#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
const compiled = new Map<string, ValidateFunction>();
function validatorAt(ref: string): ValidateFunction {
  let v = compiled.get(ref);
  if (!v) compiled.set(ref, (v = ajv.compile({ $ref: ref })));
  return v;
}
const errorsOf = (v: ValidateFunction) => JSON.stringify(v.errors?.slice(0, 5));

beforeAll(async () => {
  t = await createTestContext();
  const owner = await createUser(t, { tier: 'enterprise' });
  const rival = await createUser(t, { tier: 'enterprise' });
  keys.write = await newKey(owner.cookie, { customers: 'write', policies: 'write', communications: 'write', tasks: 'write', team: 'read', opportunities: 'write', documents: 'write', premium_payments: 'write', commissions: 'write', portal_requests: 'write' });
  keys.read = await newKey(owner.cookie, { customers: 'read', policies: 'read', communications: 'read', tasks: 'read', team: 'read', opportunities: 'read', documents: 'read', premium_payments: 'read', commissions: 'read', portal_requests: 'read' });
  keys.other = await newKey(owner.cookie, { communications: 'read' });
  // an endpoint for every event type: the payloads the calls below queue are checked against `webhooks`
  [{ id: agencyId }] = await t.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.ownerId, owner.id));
  await t.db.insert(webhookEndpoints).values({ agencyId, url: 'https://hooks.example.com/contract', events: [...WEBHOOK_EVENTS], secret: 'whsec_contract' });
  const rivalKey = await newKey(rival.cookie, { customers: 'write', policies: 'write', communications: 'write', tasks: 'write', opportunities: 'write', commissions: 'write' });
  const rivalCustomer = await created(rivalKey, '/customers', customerPayload());
  // a client of the agency asks for a change in the client portal (the API reads and answers requests; it
  // does not make them): one client per agency, signed in once, asking again for each request
  const steps = portalSteps(t);
  const portalClient = async (u: typeof owner, k: string) => {
    const email = `contract-client-${u.id.slice(0, 8)}@example.com`;
    const customer = await steps.invitedCustomer(u, email);
    const policy = await created(k, '/policies', carPolicyPayload({ customer_id: customer.id, customer_email: email, customer_name: customer.name }));
    const cookie = await steps.signInClient(email);
    return async () => {
      const res = await steps.post('/api/portal/requests', { policy_id: policy.id, kind: 'add_driver', details: 'Please add my son.' }, { cookie });
      expect(res.status, await res.clone().text()).toBe(201);
      return { id: (await json(res)).request.id as string, customer_id: customer.id as string };
    };
  };
  const ownClient = await portalClient(owner, keys.write);
  const rivalClient = await portalClient(rival, rivalKey);
  world = {
    customer: () => created(keys.write, '/customers', customerPayload()),
    policy: async (over = {}) => json(await send(keys.write, `/policies/${(await created(keys.write, '/policies', carPolicyPayload(over))).id}`)),
    communication: async () => created(keys.write, '/communications', { customer_id: (await world.customer()).id, content: 'Logged.' }),
    task: async () => created(keys.write, '/tasks', { title: 'Call back', due_date: '2026-12-01', assignee_id: owner.id }),
    document: async () => uploadedDocument(owner.cookie, (await world.customer()).id),
    portalRequest: ownClient,
    payment: async () => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ client_name: 'Carla Client', amount: '20.00', payment_date: '2026-11-02', payment_method: 'cash' })) form.append(k, v);
      form.append('files', new File([PDF as BlobPart], 'r.pdf', { type: 'application/pdf' }));
      const res = await send(keys.write, `/policies/${(await world.policy()).id}/premium-payments`, { method: 'POST', body: form });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await json(res)).id;
    },
    opportunity: async () => created(keys.write, '/opportunities', { prospect_name: 'Pat Prospect', prospect_email: `pat-${crypto.randomUUID()}@example.com`, line: 'car' }),
    lostPolicy: async () => {
      const { id } = await world.policy();
      const res = await send(keys.write, `/renewals/${id}/lost`, { method: 'POST', json: { reason: 'price' } });
      expect(res.status, await res.clone().text()).toBe(200);
      return json(res);
    },
    memberId: owner.id,
    rival: {
      customerId: rivalCustomer.id,
      policyId: (await created(rivalKey, '/policies', carPolicyPayload())).id,
      communicationId: (await created(rivalKey, '/communications', { customer_id: rivalCustomer.id, content: 'Theirs.' })).id,
      taskId: (await created(rivalKey, '/tasks', { title: 'Theirs', due_date: '2026-12-01', assignee_id: rival.id })).id,
      opportunityId: (await created(rivalKey, '/opportunities', { prospect_name: 'Theirs', line: 'car' })).id,
      documentId: (await uploadedDocument(rival.cookie, rivalCustomer.id)).id,
      portalRequestId: (await rivalClient()).id,
    },
    statementId: async () => {
      const form = new FormData();
      form.append('carrier', 'Contract Statements');
      form.append('period', '2026-01');
      form.append('file', new File([`Policy Number,Commission,Statement Date\n${(await world.policy()).policy_number},1.00,2026-01-20\n`], 's.csv', { type: 'text/csv' }));
      const res = await send(keys.write, '/statements', { method: 'POST', body: form });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await json(res)).id;
    },
    rate: () => created(keys.write, '/commission-rates', { carrier: `Contract ${crypto.randomUUID().slice(0, 8)}`, line: 'car', business: 'new', rate: '12.5', effective_from: '2026-01-01' }),
    override: async () => {
      const { id } = await world.policy();
      const res = await send(keys.write, `/commission-overrides/${id}`, { method: 'PUT', json: { rate: '15' } });
      expect(res.status, await res.clone().text()).toBe(200);
      return id;
    },
    rivalCommissions: await (async () => {
      const rate = await created(rivalKey, '/commission-rates', { carrier: 'Theirs', line: 'car', business: 'new', rate: '10', effective_from: '2026-01-01' });
      const policy = await created(rivalKey, '/policies', carPolicyPayload());
      const res = await send(rivalKey, `/commission-overrides/${policy.id}`, { method: 'PUT', json: { rate: '10' } });
      expect(res.status, await res.clone().text()).toBe(200);
      return { rateId: rate.id, overridePolicyId: policy.id };
    })(),
    cursorOf: async (path) => {
      const create = {
        '/customers': world.customer,
        '/policies': world.policy,
        '/communications': world.communication,
        '/tasks': world.task,
        '/opportunities': world.opportunity,
        '/documents': world.document,
        '/portal-requests': world.portalRequest,
        '/commission-rates': world.rate,
        '/commission-overrides': world.override,
        '/premium-payments': world.payment,
      }[path];
      await create?.();
      await create?.();
      const page = await json(await send(keys.read, `${path}?limit=1`));
      expect(page.next_cursor, path).toEqual(expect.any(String));
      return page.next_cursor;
    },
  };
  doc = await json(await t.request('/api/v1/openapi.json'));
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(doc, 'api');
  // the world is made through the API, one entity after another: slow on a busy machine
}, 180_000);
afterAll(async () => {
  await t.close();
});

function operations(): { method: string; path: string; op: Json }[] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] as Json })),
  );
}

/** Checks one answer against the operation's documented answer of that status; returns the problems. */
async function check(method: string, path: string, call: ContractCall, res: Response): Promise<string[]> {
  const problems: string[] = [];
  const where = `${method.toUpperCase()} ${path} (${call.why})`;
  const text = await res.text();
  if (res.status !== call.status) return [`${where}: answered ${res.status}, expected ${call.status}: ${text.slice(0, 300)}`];
  const documented = doc.paths[path][method].responses[String(res.status)] as Json | undefined;
  if (!documented) return [`${where}: status ${res.status} is not in the document`];
  for (const [name, header] of Object.entries((documented.headers ?? {}) as Record<string, Json>)) {
    const value = res.headers.get(name);
    if (value === null) {
      if (header.required) problems.push(`${where}: the required header ${name} is missing`);
      continue;
    }
    const v = validatorAt(pointer('paths', path, method, 'responses', String(res.status), 'headers', name, 'schema'));
    if (!v(value)) problems.push(`${where}: header ${name}: ${value} ${errorsOf(v)}`);
  }
  if (!documented.content) {
    if (text !== '') problems.push(`${where}: a body where the document has none`);
    return problems;
  }
  // a file's bytes (a document's download): the documented type, not JSON
  if (!documented.content['application/json']) {
    const type = res.headers.get('content-type') ?? '';
    if (!Object.keys(documented.content).some((t) => t === 'application/octet-stream' || type.startsWith(t))) problems.push(`${where}: ${type} is not documented`);
    return problems;
  }
  if (!res.headers.get('content-type')?.startsWith('application/json')) problems.push(`${where}: not JSON`);
  const v = validatorAt(pointer('paths', path, method, 'responses', String(res.status), 'content', 'application/json', 'schema'));
  if (!v(JSON.parse(text))) problems.push(`${where}: body ${errorsOf(v)}`);
  return problems;
}

/** A success's request must be one the document allows: parameters and body. */
function checkRequest(method: string, path: string, call: ContractCall): string[] {
  const where = `${method.toUpperCase()} ${path} (${call.why}) request`;
  const op = doc.paths[path][method] as Json;
  const problems: string[] = [];
  for (const [i, p] of ((op.parameters ?? []) as Json[]).entries()) {
    const value = p.in === 'path' ? call.params?.[p.name] : p.in === 'query' ? call.query?.[p.name] : p.in === 'header' ? call.headers?.[p.name] : undefined;
    if (value === undefined) {
      if (p.required) problems.push(`${where}: the required ${p.in} parameter ${p.name} is missing`);
      continue;
    }
    const v = validatorAt(pointer('paths', path, method, 'parameters', String(i), 'schema'));
    const typed = p.schema?.type === 'integer' ? Number(value) : value;
    if (!v(typed)) problems.push(`${where}: parameter ${p.name}=${value} ${errorsOf(v)}`);
  }
  const multipart = op.requestBody?.content?.['multipart/form-data']?.schema as Json | undefined;
  if (multipart) {
    // an upload: every field sent is documented, every required one sent
    const sent = new Set([...(call.form?.().keys() ?? [])]);
    for (const name of sent) if (!multipart.properties?.[name]) problems.push(`${where}: form field ${name} is not documented`);
    for (const name of (multipart.required ?? []) as string[]) if (!sent.has(name)) problems.push(`${where}: the required form field ${name} is missing`);
  } else if (op.requestBody) {
    const v = validatorAt(pointer('paths', path, method, 'requestBody', 'content', 'application/json', 'schema'));
    if (!v(call.body)) problems.push(`${where}: body ${errorsOf(v)}`);
  }
  return problems;
}

describe('the /api/v1 contract', () => {
  it('is a valid OpenAPI 3.1 document: operationIds, named types, webhooks', async () => {
    expect(await new Validator().validate(doc as never)).toEqual({ valid: true });
    const ids = operations().map(({ op }) => op.operationId);
    const unnamed = operations().filter(({ op }) => typeof op.operationId !== 'string');
    expect(unnamed.map(({ method, path }) => `${method.toUpperCase()} ${path} has no operationId (createRoute({ operationId }))`)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(doc.components?.schemas ?? {})).toEqual(expect.arrayContaining(['Customer', 'PolicyDetail', 'PolicyInput', 'Communication', 'Error']));
    expect(Object.keys(doc.webhooks ?? {}).length).toBeGreaterThan(0);
  });

  it('answers every operation as documented: status, headers and body', { timeout: 180_000 }, async () => {
    const problems: string[] = [];
    for (const { method, path, op } of operations()) {
      const name = `${method.toUpperCase()} ${path}`;
      const fixture = CONTRACT_FIXTURES[name];
      if (!fixture) {
        problems.push(`${name} (${op.operationId}): no calls in contract-fixtures.ts; add a success and its refusals`);
        continue;
      }
      const calls = await fixture(world);
      // an operation that never succeeds (DELETE of an append-only entry) documents no 2xx
      const succeeds = Object.keys(op.responses).some((status) => status.startsWith('2'));
      if (succeeds && !calls.some((c) => c.status < 300)) problems.push(`${name}: the fixtures have no success`);
      for (const call of calls) {
        if (call.status < 300) problems.push(...checkRequest(method, path, call));
        const url = path.replace(/\{(\w+)\}/g, (_, p: string) => encodeURIComponent(call.params?.[p] ?? ''));
        const query = call.query ? `?${new URLSearchParams(Object.entries(call.query).filter((e): e is [string, string] => e[1] !== undefined))}` : '';
        const key = call.key ?? 'write';
        const res = await send(key === 'none' ? null : keys[key], `${url}${query}`, {
          method: method.toUpperCase(),
          headers: call.headers,
          ...(call.form ? { body: call.form() } : call.body === undefined ? {} : { json: call.body }),
        });
        problems.push(...(await check(method, path, call, res)));
      }
    }
    const stale = Object.keys(CONTRACT_FIXTURES).filter((name) => !operations().some(({ method, path }) => `${method.toUpperCase()} ${path}` === name));
    for (const name of stale) problems.push(`${name}: in contract-fixtures.ts but not in the document`);
    expect(problems).toEqual([]);
  });

  it("sends every webhook as its event type's payload in the document", async () => {
    const sent = await t.db.select({ type: webhookDeliveries.eventType, payload: webhookDeliveries.payload }).from(webhookDeliveries).where(eq(webhookDeliveries.agencyId, agencyId));
    const problems: string[] = [];
    for (const { type, payload } of sent) {
      if (!doc.webhooks?.[type]) {
        problems.push(`${type}: sent, but not in the document's webhooks`);
        continue;
      }
      const v = validatorAt(pointer('webhooks', type, 'post', 'requestBody', 'content', 'application/json', 'schema'));
      if (!v(JSON.parse(payload))) problems.push(`${type}: ${errorsOf(v)}`);
    }
    expect(problems).toEqual([]);
    // the calls above create, update and delete customers and policies and log communications
    expect([...new Set(sent.map((d) => d.type))]).toEqual(
      expect.arrayContaining(['customer.created', 'customer.updated', 'customer.deleted', 'policy.created', 'policy.updated', 'policy.deleted', 'communication.created']),
    );
  });

  it('answers a 429 as documented: RateLimit-* and Retry-After, the error body', { timeout: 120_000 }, async () => {
    const limited = await createTestContext({ env: { API_RATE_LIMIT: '1' } });
    try {
      const u = await createUser(limited, { tier: 'enterprise' });
      const res = await limited.request('/api/api-keys', { cookie: u.cookie, json: { name: 'Limited', scopes: { customers: 'write' } } });
      const limitedKey = (await json(res)).key;
      const call = (method: string) =>
        limited.request('/api/v1/customers', { method, headers: { authorization: `Bearer ${limitedKey}` }, ...(method === 'POST' ? { json: customerPayload() } : {}) });
      const first = await call('GET');
      expect(await check('get', '/customers', { why: 'within the limit', status: 200 }, first)).toEqual([]);
      expect(await check('get', '/customers', { why: 'over the limit', status: 429 }, await call('GET'))).toEqual([]);
      expect(await check('post', '/customers', { why: 'over the limit', status: 429 }, await call('POST'))).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});
