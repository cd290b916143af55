// Request parsing shared by every route: the same zod schema as the form, readable errors.
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { z } from 'zod';
import { fieldErrors } from '#shared/validation.ts';
import { idOr404 } from './db/helpers.ts';
import { badRequest } from './errors.ts';
import type { AppEnv } from './app-env.ts';

export const CORRECT_FIELDS = 'Please correct the highlighted fields.';

export async function readJson<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('The request body is not valid JSON.', undefined, 'INVALID_JSON');
  }
  return validate(schema, body);
}

export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    const first = Object.values(fields)[0];
    throw badRequest(Object.keys(fields).length === 1 && first ? first : CORRECT_FIELDS, fields);
  }
  return parsed.data;
}

/**
 * A path parameter that names a row (a UUID): anything else is a 404 with the feature's message,
 * never a database cast error (issue 26). Every route with an id in its path reads it through this.
 */
export function idParam(c: Context<AppEnv>, name = 'id', message?: string): string {
  return idOr404(c.req.param(name), message);
}

/** The client's address: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientAddress(c: Context<AppEnv>): string {
  if (c.var.deps.config.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
