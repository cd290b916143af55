// What the /api/v1 operations of one entity file share (opportunities, renewals, documents, premium
// payments, the timeline): documented answers and errors, the id path parameter, the Idempotency-Key
// header, the page shape, the plan an operation needs, and define() — the route registered in the
// document and mounted on the router in one call, so the two cannot drift apart.
import { type OpenAPIHono, type RouteConfig, z as zo } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { scopeAllows } from '#shared/api-keys.ts';
import { featureNeed } from '#shared/features.ts';
import { TIER_LABEL } from '#shared/tiers.ts';
import { safeText } from '#shared/validation.ts';
import type { AppEnv } from '#server/context.ts';
import { documented, errorOut } from './schemas.ts';

/** Response text (never parsed from a request). */
export const text = () => safeText({ trim: false });
export const timestampOut = () => text().meta({ format: 'date-time', description: 'ISO 8601 date and time' });

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input: `fields` names each field and its message.',
  401: 'Missing, malformed or revoked API key.',
  403: "The key's scopes or the agency's plan do not allow this.",
  404: 'Not found in this agency.',
  409: 'A conflict with the current state, or an Idempotency-Key reused with another request.',
  413: 'The request body is too large.',
  429: 'Rate limit exceeded; see the RateLimit-* headers and Retry-After.',
};

export const errors = (codes: number[], descriptions: Record<number, string> = {}) =>
  Object.fromEntries(
    codes.map((code) => [code, { description: descriptions[code] ?? ERROR_TEXT[code], content: { 'application/json': { schema: documented(errorOut, 'output') } } }]),
  );
export const READ_ERRORS = [401, 403, 404, 429];
export const WRITE_ERRORS = [400, 401, 403, 404, 409, 413, 429];

export const ok = (description: string, schema: z.ZodType) => ({ description, content: { 'application/json': { schema: documented(schema, 'output') } } });
export const pageOf = (row: z.ZodType) =>
  z.object({ data: z.array(row), next_cursor: text().nullable().describe('Pass as cursor for the next page; null on the last.') });
export const jsonBody = (schema: z.ZodType) => ({ content: { 'application/json': { schema: documented(schema) } }, required: true });

export const idPath = zo.object({ id: zo.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
export const idempotencyHeader = zo.object({
  // eslint-disable-next-line no-restricted-syntax -- documents a header for OpenAPI only (an HTTP header cannot carry NUL)
  'Idempotency-Key': zo.string().min(1).max(255).optional().openapi({
    param: { name: 'Idempotency-Key', in: 'header' },
    description: 'Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours).',
  }),
});

/** The plan reading (Business) or writing (Enterprise) needs, in the description and `x-required-plan`. */
export function operationBase(tag: string, access: 'read' | 'write') {
  const feature = access === 'read' ? 'api' : 'api-write';
  const tier = featureNeed(feature).tier;
  const note = access === 'read' ? `Needs the ${TIER_LABEL[tier]} plan or higher and a key with read access.` : `Needs the ${TIER_LABEL[tier]} plan and a key with write access.`;
  return { base: { tags: [tag], security: [{ bearerKey: [] }], 'x-required-plan': tier }, note };
}

/** Registers the route in the document and mounts its handlers. */
export function define(api: OpenAPIHono<AppEnv>, route: RouteConfig, ...handlers: MiddlewareHandler<AppEnv>[]) {
  api.openAPIRegistry.registerPath(route);
  api.on(route.method.toUpperCase(), route.path.replace(/\{(\w+)\}/g, ':$1'), ...(handlers as [MiddlewareHandler<AppEnv>]));
}

type PolicyAnswer = { customer_email: string; customer_phone: string | null; customer?: { id: string; name: string; email: string; phone: string | null } | null };

/** The customer's contact details are customer data: without customers: read, a policy answer leaves them out. */
export function policyView<P extends PolicyAnswer>(ctx: Context<AppEnv>, policy: P) {
  if (scopeAllows(ctx.var.apiKey.scopes, 'customers', 'read')) return policy;
  const { customer_email: _email, customer_phone: _phone, ...rest } = policy;
  return policy.customer === undefined ? rest : { ...rest, customer: policy.customer && { id: policy.customer.id, name: policy.customer.name } };
}
