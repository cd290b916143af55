// /api/v1: the REST API for an agency's bearer keys. Each route is registered once for both the
// OpenAPI document and the router (define), so the document cannot miss a route. Handlers parse
// with the web's schemas and call the web's services: same rules, limits, tenant layer and events.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRoute, OpenAPIHono, type RouteConfig, z as zo } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { API_TEXT, apiRateLimitFor, scopeAllows, type ApiResource } from '#shared/api-keys.ts';
import { featureNeed } from '#shared/features.ts';
import { TIER_LABEL } from '#shared/tiers.ts';
import { COMMUNICATION_TEXT, communicationInputSchema } from '#shared/communications.ts';
import { CUSTOMER_TEXT, customerInputSchema } from '#shared/customers.ts';
import { POLICY_TEXT, policyInputSchema } from '#shared/policies.ts';
import type { AppEnv } from '#server/context.ts';
import { forbidden, notFound, tooMany } from '#server/errors.ts';
import { idParam, readJson, validate } from '#server/http.ts';
import { createReservedCounter } from '#server/rate-limit.ts';
import { addCommunication, deleteCommunication, getCommunication, updateCommunication } from '#server/entities/communications.ts';
import { createCustomer, deleteCustomer, getCustomer, updateCustomer } from '#server/entities/customers.ts';
import { createPolicy, deletePolicy, updatePolicy, type PolicyWriteOptions } from '#server/entities/policies/write.ts';
import { getPolicy } from '#server/entities/policies/read.ts';
import { requireApiKey, requireScope } from '../authenticate.ts';
import { writeOnce } from './idempotency.ts';
import { registerChangeFeed } from './changes.ts';
import { registerTaskRoutes } from './tasks.ts';
import { registerCommissionRoutes } from './commissions.ts';
import { registerOpportunityRoutes } from './opportunities.ts';
import { registerRenewalRoutes } from './renewals.ts';
import { registerTimelineRoute } from './timeline.ts';
import { registerPaymentRoutes } from './payments.ts';
import { registerDocumentRoutes } from './documents.ts';
import { registerPortalRequestRoutes } from './portal-requests.ts';
import { registerCommissionRateRoutes } from './commission-rates.ts';
import { registerStatementLineRoutes } from './statement-lines.ts';
import {
  communicationApiQuerySchema,
  customerApiQuerySchema,
  listCommunicationsPage,
  listCustomersPage,
  listPoliciesPage,
  policyApiQuerySchema,
} from './lists.ts';
import { communicationCreateSchema, ref, type ComponentName } from './components.ts';
import { apiDocument } from './document.ts';
import { documentedQuery } from './schemas.ts';
import { policyView } from './kit.ts';

/** A policy write that would create a customer needs customers: write too (issue 26). */
function policyWrite(ctx: Context<AppEnv>): PolicyWriteOptions {
  if (scopeAllows(ctx.var.apiKey.scopes, 'customers', 'write')) return {};
  return { newCustomerDenied: () => forbidden(API_TEXT.customerWriteNeeded, 'SCOPE_DENIED') };
}

export const API_V1_PREFIX = '/api/v1';
export const OPENAPI_PATH = `${API_V1_PREFIX}/openapi.json`;
const SDK_README_PATH = '/sdk/README.md';

/** packages/sdk/README.md beside the sources, or in the working directory of a built server; null when absent. */
async function readSdkReadme(): Promise<string | null> {
  for (const at of [new URL('../../../../../packages/sdk/README.md', import.meta.url), join(process.cwd(), 'packages/sdk/README.md')]) {
    try {
      return await readFile(at, 'utf8');
    } catch {
      // next place
    }
  }
  return null;
}

const ERRORS = {
  400: 'Invalid input: `fields` names each field and its message.',
  401: 'Missing, malformed or revoked API key.',
  403: "The key's scopes or the agency's plan do not allow this (reading needs Business or higher, writing Enterprise).",
  404: 'Not found in this agency.',
  409: 'A duplicate, or an Idempotency-Key reused with another request.',
  413: 'The request body is over 1 MB.',
  429: 'Rate limit exceeded; see the RateLimit-* headers and Retry-After.',
} as const;
type ErrorCode = keyof typeof ERRORS;

// Header values are text; the schemas say what the text holds.
const seconds = { type: 'string' as const, pattern: '^[0-9]+$' };
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { description: "Requests this key may make per minute (the plan's share of the rate).", schema: seconds },
  'RateLimit-Remaining': { description: 'Requests left in the current minute.', schema: seconds },
  'RateLimit-Reset': { description: 'Seconds until the window starts again.', schema: seconds },
};
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: seconds, required: true } };
const REPLAYED = {
  'Idempotent-Replayed': { description: 'Present (true) when this is the stored answer to an earlier request with the same Idempotency-Key.', schema: { type: 'string' as const, enum: ['true'] } },
};

/**
 * The headers of an answer: the rate limit is counted after the key is checked, so every answer but a
 * 401 or 413 carries it (a 403 when the scope, not the plan, refuses).
 */
type HeadersObject = Exclude<Exclude<RouteConfig['responses'][string], { $ref: string }>['headers'], z.ZodType | undefined>;
function headersOf(status: number, write: boolean): HeadersObject | undefined {
  if (status === 401 || status === 413) return undefined;
  const required = status !== 403;
  const rate = Object.fromEntries(Object.entries(RATE_LIMIT_HEADERS).map(([name, h]) => [name, { ...h, required }]));
  if (status === 429) return { ...rate, ...RETRY_AFTER };
  return status < 300 && write ? { ...rate, ...REPLAYED } : rate;
}

function errorResponses(codes: ErrorCode[], write: boolean, descriptions: Partial<Record<ErrorCode, string>> = {}) {
  return Object.fromEntries(
    codes.map((code) => [code, { description: descriptions[code] ?? ERRORS[code], headers: headersOf(code, write), content: { 'application/json': { schema: ref('Error') } } }]),
  );
}

const idPathSchema = zo.object({ id: zo.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
const idempotencyHeader = zo.object({
  // eslint-disable-next-line no-restricted-syntax -- documents a header for OpenAPI only (an HTTP header cannot carry NUL)
  'Idempotency-Key': zo.string().min(1).max(255).optional().openapi({
    param: { name: 'Idempotency-Key', in: 'header' },
    description: 'Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours).',
  }),
});

interface Resource {
  name: ApiResource;
  /** operationIds: listCustomers, getCustomer … */
  one: string;
  path: string;
  tag: string;
  listQuery: z.ZodObject;
  page: ComponentName;
  detail: ComponentName;
  createBody: ComponentName;
  updateBody: ComponentName;
}

function jsonBody(name: ComponentName) {
  return { content: { 'application/json': { schema: ref(name) } }, required: true };
}
function jsonResponse(status: number, description: string, name: ComponentName, write = false) {
  return { description, headers: headersOf(status, write), content: { 'application/json': { schema: ref(name) } } };
}

/**
 * The plan an operation needs, from the feature map: reading at 'api' (Business), writing at 'api-write'
 * (Enterprise). Said in the description and in `x-required-plan`, so clients and the reference page know.
 */
function planOf(feature: 'api' | 'api-write') {
  const tier = featureNeed(feature).tier;
  const text = feature === 'api' ? `Needs the ${TIER_LABEL[tier]} plan or higher and a key with read access.` : `Needs the ${TIER_LABEL[tier]} plan and a key with write access.`;
  return { 'x-required-plan': tier, text };
}
const READ = planOf('api');
const WRITE = planOf('api-write');
const WRITE_ERRORS: ErrorCode[] = [400, 401, 403, 404, 409, 413, 429];

function routeConfigs(r: Resource) {
  const read = { tags: [r.tag], security: [{ bearerKey: [] }], 'x-required-plan': READ['x-required-plan'] };
  const write = { ...read, 'x-required-plan': WRITE['x-required-plan'] };
  const item = `${r.path}/{id}`;
  const many = r.one === 'Policy' ? 'Policies' : `${r.one}s`;
  return {
    list: createRoute({
      ...read,
      operationId: `list${many}`,
      method: 'get',
      path: r.path,
      summary: `List ${r.name}`,
      description: `Oldest change first, in pages; pass next_cursor as cursor until it is null. ${READ.text}`,
      request: { query: documentedQuery(r.listQuery) },
      responses: { 200: jsonResponse(200, `A page of ${r.name}`, r.page), ...errorResponses([400, 401, 403, 429], false) },
    }),
    get: createRoute({
      ...read,
      operationId: `get${r.one}`,
      method: 'get',
      path: item,
      summary: `Get one of the ${r.name}`,
      description: READ.text,
      request: { params: idPathSchema },
      responses: { 200: jsonResponse(200, 'Found', r.detail), ...errorResponses([401, 403, 404, 429], false) },
    }),
    create: createRoute({
      ...write,
      operationId: `create${r.one}`,
      description: WRITE.text,
      method: 'post',
      path: r.path,
      summary: `Create one of the ${r.name}`,
      request: { headers: idempotencyHeader, body: jsonBody(r.createBody) },
      responses: { 201: jsonResponse(201, 'Created', r.detail, true), ...errorResponses(WRITE_ERRORS, true) },
    }),
    update: createRoute({
      ...write,
      operationId: `update${r.one}`,
      description: WRITE.text,
      method: 'put',
      path: item,
      summary: `Replace one of the ${r.name}`,
      request: { params: idPathSchema, headers: idempotencyHeader, body: jsonBody(r.updateBody) },
      responses: { 200: jsonResponse(200, 'Updated', r.detail, true), ...errorResponses(WRITE_ERRORS, true) },
    }),
    remove: createRoute({
      ...write,
      operationId: `delete${r.one}`,
      description: WRITE.text,
      method: 'delete',
      path: item,
      summary: `Delete one of the ${r.name}`,
      request: { params: idPathSchema, headers: idempotencyHeader },
      responses: { 204: { description: 'Deleted', headers: headersOf(204, true) }, ...errorResponses([401, 403, 404, 409, 429], true) },
    }),
  };
}

const RESOURCES = {
  customers: {
    name: 'customers',
    one: 'Customer',
    path: '/customers',
    tag: 'Customers',
    listQuery: customerApiQuerySchema,
    page: 'CustomerPage',
    detail: 'CustomerDetail',
    createBody: 'CustomerInput',
    updateBody: 'CustomerInput',
  },
  policies: {
    name: 'policies',
    one: 'Policy',
    path: '/policies',
    tag: 'Policies',
    listQuery: policyApiQuerySchema,
    page: 'PolicyPage',
    detail: 'PolicyDetail',
    createBody: 'PolicyInput',
    updateBody: 'PolicyInput',
  },
  communications: {
    name: 'communications',
    one: 'Communication',
    path: '/communications',
    tag: 'Communications',
    listQuery: communicationApiQuerySchema,
    page: 'CommunicationPage',
    detail: 'Communication',
    createBody: 'CommunicationCreate',
    updateBody: 'CommunicationInput',
  },
} satisfies Record<Extract<ApiResource, 'customers' | 'policies' | 'communications'>, Resource>;

/** The communication log is append-only (decision in src/server/entities/communications.ts): a change is a new entry. */
function communicationRoutes(m: ReturnType<typeof routeConfigs>) {
  const correct = createRoute({
    ...m.create,
    operationId: 'correctCommunication',
    path: '/communications/{id}/corrections',
    summary: 'Log a correction of a communication',
    description: `The log is append-only: the entry stays, and a new one with corrects_id set to it is logged and returned. ${WRITE.text}`,
    request: { params: idPathSchema, headers: idempotencyHeader, body: jsonBody('CommunicationInput') },
    responses: { 201: jsonResponse(201, 'The correction, a new entry', 'Communication', true), ...errorResponses(WRITE_ERRORS, true) },
  });
  const update = createRoute({
    ...m.update,
    deprecated: true,
    summary: 'Log a correction of a communication (deprecated: POST …/corrections)',
    description: `Does not change the entry: logs a correction, a new entry with corrects_id set to it, and answers it with 200 (kept for existing clients; new ones use POST /communications/{id}/corrections, which answers 201). ${WRITE.text}`,
    responses: { 200: jsonResponse(200, 'The correction, a new entry', 'Communication', true), ...errorResponses(WRITE_ERRORS, true) },
  });
  const remove = createRoute({
    ...m.remove,
    deprecated: true,
    summary: 'Communications cannot be deleted',
    description: 'The log is append-only: this answers 409 APPEND_ONLY for an entry of this agency (404 otherwise). Log a correction instead.',
    responses: errorResponses([401, 403, 404, 409, 429], true, { 409: 'Always, for an existing entry: code APPEND_ONLY.' }),
  });
  return { correct, update, remove };
}

/** Registers the route in the document and mounts its handlers: one call, so they cannot drift apart. */
function define(api: OpenAPIHono<AppEnv>, route: RouteConfig, ...handlers: MiddlewareHandler<AppEnv>[]) {
  api.openAPIRegistry.registerPath(route);
  api.on(route.method.toUpperCase(), route.path.replace(/\{(\w+)\}/g, ':$1'), ...(handlers as [MiddlewareHandler<AppEnv>]));
}

/** This process's reservations of the keys' shared windows. */
const hit = createReservedCounter();

/**
 * Per key, counted in PostgreSQL so every instance shares the window, in reserved blocks (rate-limit.ts);
 * the plan's share of the configured rate (a read-only Business key gets less).
 */
const rateLimitPerKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  const limit = apiRateLimitFor(c.var.actor.agency.tier, c.var.deps.config.API_RATE_LIMIT);
  const windowMs = 60_000;
  const now = Date.now();
  const { count, windowStart } = await hit(c.var.deps.db, `api:key:${c.var.apiKey.keyId}`, { limit, windowMs }, now);
  const reset = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
  c.header('RateLimit-Limit', String(limit));
  c.header('RateLimit-Remaining', String(Math.max(0, limit - count)));
  c.header('RateLimit-Reset', String(reset));
  if (count > limit) {
    c.header('Retry-After', String(reset));
    throw tooMany(API_TEXT.rateLimited(reset));
  }
  await next();
};

/** The document without a running server (the SDK's generator, the contract test). */
export const apiV1Document = () => apiDocument(apiV1Routes());

export function apiV1Routes() {
  const api = new OpenAPIHono<AppEnv>();
  // The document is public (it describes the API, not an agency's data) and needs no key.
  api.get('/openapi.json', (c) => c.json(apiDocument(api)));
  // the SDK's README, linked from the API reference page (public like the document)
  api.get(SDK_README_PATH, async (c) => {
    const readme = await readSdkReadme();
    if (readme === null) throw notFound('The SDK README is not part of this installation.');
    c.header('cache-control', 'public, max-age=300');
    return c.text(readme, 200, { 'content-type': 'text/markdown; charset=utf-8' });
  });
  api.use('*', requireApiKey, rateLimitPerKey);

  const { customers, policies, communications } = RESOURCES;
  const c = routeConfigs(customers);
  define(api, c.list, requireScope('customers', 'read'), async (ctx) =>
    ctx.json(await listCustomersPage(ctx.var.deps.db, ctx.var.actor, validate(customerApiQuerySchema, ctx.req.query()))),
  );
  define(api, c.get, requireScope('customers', 'read'), async (ctx) => ctx.json(await getCustomer(ctx.var.deps.db, ctx.var.actor, idParam(ctx, 'id', CUSTOMER_TEXT.notFound))));
  define(api, c.create, requireScope('customers', 'write'), async (ctx) => {
    const input = await readJson(ctx, customerInputSchema);
    return writeOnce(ctx, async (db) => {
      const created = await createCustomer(db, ctx.var.actor, input);
      return { status: 201, body: await getCustomer(db, ctx.var.actor, created.id) };
    });
  });
  define(api, c.update, requireScope('customers', 'write'), async (ctx) => {
    const input = await readJson(ctx, customerInputSchema);
    return writeOnce(ctx, async (db) => {
      const updated = await updateCustomer(db, ctx.var.actor, idParam(ctx, 'id', CUSTOMER_TEXT.notFound), input);
      return { status: 200, body: await getCustomer(db, ctx.var.actor, updated.id) };
    });
  });
  define(api, c.remove, requireScope('customers', 'write'), (ctx) =>
    writeOnce(ctx, async (db) => {
      await deleteCustomer(db, ctx.var.actor, idParam(ctx, 'id', CUSTOMER_TEXT.notFound));
      return { status: 204, body: null };
    }),
  );

  const p = routeConfigs(policies);
  define(api, p.list, requireScope('policies', 'read'), async (ctx) => {
    const page = await listPoliciesPage(ctx.var.deps.db, ctx.var.actor, validate(policyApiQuerySchema, ctx.req.query()));
    return ctx.json({ ...page, data: page.data.map((row) => policyView(ctx, row)) });
  });
  define(api, p.get, requireScope('policies', 'read'), async (ctx) =>
    ctx.json(policyView(ctx, await getPolicy(ctx.var.deps.db, ctx.var.actor, idParam(ctx, 'id', POLICY_TEXT.notFound)))),
  );
  define(api, p.create, requireScope('policies', 'write'), async (ctx) => {
    const input = await readJson(ctx, policyInputSchema);
    return writeOnce(ctx, async (db) => ({ status: 201, body: policyView(ctx, await createPolicy(db, ctx.var.actor, input, policyWrite(ctx))) }));
  });
  define(api, p.update, requireScope('policies', 'write'), async (ctx) => {
    const input = await readJson(ctx, policyInputSchema);
    const id = idParam(ctx, 'id', POLICY_TEXT.notFound);
    return writeOnce(ctx, async (db) => ({ status: 200, body: policyView(ctx, await updatePolicy(db, ctx.var.actor, id, input, policyWrite(ctx))) }));
  });
  define(api, p.remove, requireScope('policies', 'write'), (ctx) =>
    writeOnce(ctx, async (db) => {
      await deletePolicy(db, ctx.var.actor, idParam(ctx, 'id', POLICY_TEXT.notFound));
      return { status: 204, body: null };
    }),
  );

  const m = routeConfigs(communications);
  const mc = communicationRoutes(m);
  define(api, m.list, requireScope('communications', 'read'), async (ctx) =>
    ctx.json(await listCommunicationsPage(ctx.var.deps.db, ctx.var.actor, validate(communicationApiQuerySchema, ctx.req.query()))),
  );
  define(api, m.get, requireScope('communications', 'read'), async (ctx) =>
    ctx.json(await getCommunication(ctx.var.deps.db, ctx.var.actor, idParam(ctx, 'id', COMMUNICATION_TEXT.notFound))),
  );
  define(api, m.create, requireScope('communications', 'write'), async (ctx) => {
    const { customer_id, ...input } = await readJson(ctx, communicationCreateSchema);
    return writeOnce(ctx, async (db) => ({ status: 201, body: await addCommunication(db, ctx.var.actor, customer_id, input) }));
  });
  const correction = (status: 200 | 201): MiddlewareHandler<AppEnv> => async (ctx) => {
    const input = await readJson(ctx, communicationInputSchema);
    return writeOnce(ctx, async (db) => ({ status, body: await updateCommunication(db, ctx.var.actor, idParam(ctx, 'id', COMMUNICATION_TEXT.notFound), input) }));
  };
  define(api, mc.correct, requireScope('communications', 'write'), correction(201));
  define(api, mc.update, requireScope('communications', 'write'), correction(200));
  define(api, mc.remove, requireScope('communications', 'write'), (ctx) =>
    writeOnce(ctx, async (db) => {
      await deleteCommunication(db, ctx.var.actor, idParam(ctx, 'id', COMMUNICATION_TEXT.notFound));
      return { status: 204, body: null };
    }),
  );
  registerChangeFeed(api);
  registerTaskRoutes(api);
  registerCommissionRoutes(api);
  registerOpportunityRoutes(api);
  registerRenewalRoutes(api);
  registerTimelineRoute(api);
  registerPaymentRoutes(api);
  registerDocumentRoutes(api);
  registerPortalRequestRoutes(api);
  registerCommissionRateRoutes(api);
  registerStatementLineRoutes(api);
  return api;
}
