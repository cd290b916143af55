// /api/v1: the REST API for an agency's bearer keys. Each route is registered once for both the
// OpenAPI document and the router (define), so the document cannot miss a route. Handlers parse
// with the web's schemas and call the web's services: same rules, limits, tenant layer and events.
import { createRoute, OpenAPIHono, type RouteConfig, z as zo } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { API_TEXT, apiRateLimitFor, scopeAllows, type ApiResource } from '#shared/api-keys.ts';
import { featureNeed } from '#shared/features.ts';
import { TIER_LABEL } from '#shared/tiers.ts';
import { COMMUNICATION_TEXT, communicationInputSchema } from '#shared/communications.ts';
import { CUSTOMER_TEXT, customerInputSchema } from '#shared/customers.ts';
import { POLICY_TEXT, policyDocumentSchema, policyInputSchema } from '#shared/policies.ts';
import type { AppEnv } from '#server/context.ts';
import { forbidden, tooMany } from '#server/errors.ts';
import { idParam, readJson, validate } from '#server/http.ts';
import { createReservedCounter } from '#server/rate-limit.ts';
import { addCommunication, deleteCommunication, getCommunication, updateCommunication } from '#server/features/communications/service.ts';
import { createCustomer, deleteCustomer, getCustomer, updateCustomer } from '#server/features/customers/service.ts';
import { createPolicy, deletePolicy, getPolicy, updatePolicy, type PolicyWriteOptions } from '#server/features/policies/service.ts';
import { requireApiKey, requireScope } from '../authenticate.ts';
import { writeOnce } from './idempotency.ts';
import { registerChangeFeed } from './changes.ts';
import { registerTaskRoutes } from './tasks.ts';
import {
  communicationApiQuerySchema,
  customerApiQuerySchema,
  listCommunicationsPage,
  listCustomersPage,
  listPoliciesPage,
  policyApiQuerySchema,
} from './lists.ts';
import {
  communicationOut,
  customerDetailOut,
  customerOut,
  documented,
  documentedQuery,
  errorOut,
  listOut,
  policyDetailOut,
  policyOut,
} from './schemas.ts';

/** A policy write that would create a customer needs customers: write too (issue 26). */
function policyWrite(ctx: Context<AppEnv>): PolicyWriteOptions {
  if (scopeAllows(ctx.var.apiKey.scopes, 'customers', 'write')) return {};
  return { newCustomerDenied: () => forbidden(API_TEXT.customerWriteNeeded, 'SCOPE_DENIED') };
}

type PolicyAnswer = { customer_email: string; customer_phone: string | null; customer?: { id: string; name: string; email: string; phone: string | null } | null };

/** The customer's contact details are customer data: without customers: read, a policy answer leaves them out. */
function policyView<P extends PolicyAnswer>(ctx: Context<AppEnv>, policy: P) {
  if (scopeAllows(ctx.var.apiKey.scopes, 'customers', 'read')) return policy;
  const { customer_email: _email, customer_phone: _phone, ...rest } = policy;
  return policy.customer === undefined ? rest : { ...rest, customer: policy.customer && { id: policy.customer.id, name: policy.customer.name } };
}

export const API_V1_PREFIX = '/api/v1';
export const OPENAPI_PATH = `${API_V1_PREFIX}/openapi.json`;

/** A new communication: the log form's fields and the customer it belongs to. */
export const communicationCreateSchema = communicationInputSchema.extend({
  customer_id: z.uuid('customer_id must be a customer id.'),
});

const ERRORS = {
  400: 'Invalid input: `fields` names each field and its message.',
  401: 'Missing, malformed or revoked API key.',
  403: "The key's scopes or the agency's plan do not allow this (reading needs Business or higher, writing Enterprise).",
  404: 'Not found in this agency.',
  409: 'A duplicate, or an Idempotency-Key reused with another request.',
  413: 'The request body is over 1 MB.',
  429: 'Rate limit exceeded; see the RateLimit-* headers.',
} as const;

function errorResponses(codes: (keyof typeof ERRORS)[]) {
  return Object.fromEntries(codes.map((code) => [code, { description: ERRORS[code], content: { 'application/json': { schema: documented(errorOut, 'output') } } }]));
}

const idPathSchema = zo.object({ id: zo.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
const idempotencyHeader = zo.object({
  // eslint-disable-next-line no-restricted-syntax -- documents a header for OpenAPI only (an HTTP header cannot carry NUL)
  'Idempotency-Key': zo.string().max(255).optional().openapi({
    param: { name: 'Idempotency-Key', in: 'header' },
    description: 'Any unique string: a retry with the same key and body gets the first answer (kept 24 hours).',
  }),
});

interface Resource {
  name: ApiResource;
  path: string;
  tag: string;
  listQuery: z.ZodObject;
  row: z.ZodType;
  detail: z.ZodType;
  createBody: z.ZodType;
  updateBody: z.ZodType;
}

function jsonBody(schema: z.ZodType) {
  return { content: { 'application/json': { schema: documented(schema) } }, required: true };
}
function jsonResponse(description: string, schema: z.ZodType) {
  return { description, content: { 'application/json': { schema: documented(schema, 'output') } } };
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

function routeConfigs(r: Resource) {
  const read = { tags: [r.tag], security: [{ bearerKey: [] }], 'x-required-plan': READ['x-required-plan'] };
  const write = { ...read, 'x-required-plan': WRITE['x-required-plan'] };
  const item = `${r.path}/{id}`;
  return {
    list: createRoute({
      ...read,
      method: 'get',
      path: r.path,
      summary: `List ${r.name}`,
      description: `Oldest change first, in pages; pass next_cursor as cursor until it is null. ${READ.text}`,
      request: { query: documentedQuery(r.listQuery) },
      responses: { 200: jsonResponse(`A page of ${r.name}`, listOut(r.row)), ...errorResponses([400, 401, 403, 429]) },
    }),
    get: createRoute({
      ...read,
      method: 'get',
      path: item,
      summary: `Get one of the ${r.name}`,
      description: READ.text,
      request: { params: idPathSchema },
      responses: { 200: jsonResponse('Found', r.detail), ...errorResponses([401, 403, 404, 429]) },
    }),
    create: createRoute({
      ...write,
      description: WRITE.text,
      method: 'post',
      path: r.path,
      summary: `Create one of the ${r.name}`,
      request: { headers: idempotencyHeader, body: jsonBody(r.createBody) },
      responses: { 201: jsonResponse('Created', r.detail), ...errorResponses([400, 401, 403, 404, 409, 413, 429]) },
    }),
    update: createRoute({
      ...write,
      description: WRITE.text,
      method: 'put',
      path: item,
      summary: `Replace one of the ${r.name}`,
      request: { params: idPathSchema, headers: idempotencyHeader, body: jsonBody(r.updateBody) },
      responses: { 200: jsonResponse('Updated', r.detail), ...errorResponses([400, 401, 403, 404, 409, 413, 429]) },
    }),
    remove: createRoute({
      ...write,
      description: WRITE.text,
      method: 'delete',
      path: item,
      summary: `Delete one of the ${r.name}`,
      request: { params: idPathSchema, headers: idempotencyHeader },
      responses: { 204: { description: 'Deleted' }, ...errorResponses([401, 403, 404, 409, 429]) },
    }),
  };
}

const RESOURCES = {
  customers: {
    name: 'customers',
    path: '/customers',
    tag: 'Customers',
    listQuery: customerApiQuerySchema,
    row: customerOut,
    detail: customerDetailOut,
    createBody: customerInputSchema,
    updateBody: customerInputSchema,
  },
  policies: {
    name: 'policies',
    path: '/policies',
    tag: 'Policies',
    listQuery: policyApiQuerySchema,
    row: policyOut,
    detail: policyDetailOut,
    createBody: policyDocumentSchema,
    updateBody: policyDocumentSchema,
  },
  communications: {
    name: 'communications',
    path: '/communications',
    tag: 'Communications',
    listQuery: communicationApiQuerySchema,
    row: communicationOut,
    detail: communicationOut,
    createBody: communicationCreateSchema,
    updateBody: communicationInputSchema,
  },
} satisfies Record<Exclude<ApiResource, 'tasks' | 'team'>, Resource>;

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

export function apiV1Routes() {
  const api = new OpenAPIHono<AppEnv>();
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key from /dashboard/api-settings: `Authorization: Bearer pd_live_…`',
  });
  // The document is public (it describes the API, not an agency's data) and needs no key.
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'PolicyDesk API',
      version: '1.0.0',
      description:
        'Customers, policies and communications of your agency. Authenticate with `Authorization: Bearer <key>`. ' +
        'Each key may make a limited number of requests per minute (RateLimit-* headers). Writes accept an Idempotency-Key header. ' +
        `Keys of the ${TIER_LABEL[featureNeed('api').tier]} plan read only, at a fifth of the rate; writing needs the ${TIER_LABEL[featureNeed('api-write').tier]} plan (\`x-required-plan\` on each operation). ` +
        'Errors are `{ "error": { "code", "message", "fields"? } }`.',
    },
    servers: [{ url: API_V1_PREFIX }],
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
  define(api, m.update, requireScope('communications', 'write'), async (ctx) => {
    const input = await readJson(ctx, communicationInputSchema);
    return writeOnce(ctx, async (db) => ({ status: 200, body: await updateCommunication(db, ctx.var.actor, idParam(ctx, 'id', COMMUNICATION_TEXT.notFound), input) }));
  });
  define(api, m.remove, requireScope('communications', 'write'), (ctx) =>
    writeOnce(ctx, async (db) => {
      await deleteCommunication(db, ctx.var.actor, idParam(ctx, 'id', COMMUNICATION_TEXT.notFound));
      return { status: 204, body: null };
    }),
  );
  registerChangeFeed(api);
  registerTaskRoutes(api);
  return api;
}
